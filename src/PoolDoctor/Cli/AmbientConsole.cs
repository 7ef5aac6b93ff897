namespace PoolDoctor.Cli;

/// <summary>
/// The console of the run in progress, for the one-line writers every verb shares (<see cref="Stderr"/>, the exit
/// line of <see cref="RunEnds"/>): set by <see cref="CliApp.RunAsync(string[], IToolConsole, CancellationToken)"/>
/// for its own async flow, so two runs in one test process never write to each other's console.
/// </summary>
internal static class AmbientConsole
{
    private static readonly AsyncLocal<IToolConsole?> CurrentRun = new();

    public static IToolConsole Current => CurrentRun.Value ?? SystemConsole.Instance;

    public static void Use(IToolConsole console) => CurrentRun.Value = console;
}
