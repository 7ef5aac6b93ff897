namespace PoolDoctor.Cli;

/// <summary>
/// The one place a run's end becomes an exit code and its one line on stderr: what a verb's run returned
/// (<see cref="RunEnd"/>), or the exception it threw (a bad call, an interruption, a failure), alike.
/// </summary>
internal static class RunEndExits
{
    public static int Exit(TextWriter error, RunEnd end)
    {
        switch (end.Kind)
        {
            case RunEndKind.Ok:
                return ExitCodes.Ok;
            case RunEndKind.GateFailed:
                // The gate's own line (why it failed) is part of the run's output.
                return ExitCodes.GateFailed;
            case RunEndKind.Interrupted:
                if (end.Message is { } said)
                {
                    Stderr.Line(error, said);
                }
                return ExitCodes.Interrupted;
            case RunEndKind.Usage:
                Stderr.Error(error, end.Message ?? "bad call");
                return ExitCodes.Usage;
            default:
                Stderr.Error(error, end.Message ?? "the run failed");
                return ExitCodes.RunFailed;
        }
    }

    /// <param name="helpPointer">For a bad call: where the verb's usage is read (`see 'dotnet-pooldoctor VERB --help'`).</param>
    public static RunEnd From(Exception e, string? helpPointer)
    {
        var inner = e is AggregateException { InnerExceptions.Count: 1 } agg ? agg.InnerExceptions[0] : e;
        return inner switch
        {
            UsageException => new RunEnd(RunEndKind.Usage, helpPointer is null ? inner.Message : $"{inner.Message} ({helpPointer})"),
            OperationCanceledException => RunEnd.Interrupted("interrupted"),
            _ => RunEnd.Failed(inner.Message.ReplaceLineEndings(" ").Trim()),
        };
    }
}
