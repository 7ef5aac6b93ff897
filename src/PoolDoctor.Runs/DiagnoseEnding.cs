namespace PoolDoctor.Runs;

/// <summary>How a `diagnose` run ended and, when the user must be told, the one line that says why.</summary>
internal sealed record DiagnoseEnding(DiagnoseEndKind Kind, string? Message = null);
