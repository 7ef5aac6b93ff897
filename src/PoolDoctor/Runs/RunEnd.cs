namespace PoolDoctor.Runs;

/// <summary>
/// How a run ended and, when the user must be told, the one line that says why: every verb's run returns one, and the
/// CLI maps it to an exit code and a stderr line in one place (`Cli/RunEndExits`), so no verb picks an exit code itself.
/// </summary>
internal sealed record RunEnd(RunEndKind Kind, string? Message = null)
{
    public static readonly RunEnd Ok = new(RunEndKind.Ok);

    public static RunEnd Failed(string message) => new(RunEndKind.RunFailed, message);

    public static RunEnd GateFailed() => new(RunEndKind.GateFailed);

    /// <param name="message">What was kept (`interrupted; partial report written`), or null when the output says it already.</param>
    public static RunEnd Interrupted(string? message = null) => new(RunEndKind.Interrupted, message);
}
