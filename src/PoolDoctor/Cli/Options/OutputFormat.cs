namespace PoolDoctor.Cli.Options;

/// <summary>`--format text|json` of the verbs that stream or print results (`stacks` and `analyze` add speedscope).</summary>
internal enum OutputFormat
{
    Text,
    Json,
}
