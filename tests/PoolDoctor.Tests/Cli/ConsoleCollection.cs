namespace PoolDoctor.Tests.Cli;

[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ConsoleCollection
{
    public const string Name = "Console redirection";
}
