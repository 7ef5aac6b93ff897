namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>The outcome of one run of the tool as a separate process.</summary>
public sealed record ToolResult(int ExitCode, string StdOut, string StdErr, TimeSpan Elapsed)
{
    public override string ToString() => $"exit {ExitCode} after {Elapsed.TotalSeconds:F1}s\n--- stdout\n{StdOut}\n--- stderr\n{StdErr}";
}
