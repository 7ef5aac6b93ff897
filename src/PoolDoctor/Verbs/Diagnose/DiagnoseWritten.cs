using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>
/// What a `diagnose` run has written once the watch is over: the report and its two files, the --load summary lines,
/// and the gate's one-line explanation (null without --fail-on).
/// </summary>
internal sealed record DiagnoseWritten(DiagnosisReport Report, string Json, string Html, IReadOnlyList<string> LoadLines, string? GateMessage);
