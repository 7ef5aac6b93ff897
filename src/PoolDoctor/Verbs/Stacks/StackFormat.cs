namespace PoolDoctor.Cli.Stacks;

public enum StackFormat
{
    Text,
    Json,
    Speedscope,
    Html,
}
