namespace PoolDoctor.Model.Diagnosis;

/// <summary>
/// The capture's own files kept beside a report, as paths relative to the report's folder: the `.nettrace` as the
/// runtime recorded it (PerfView, TraceEvent, `analyze`) and a speedscope file of its pool-thread stacks.
/// </summary>
public sealed record KeptCaptureFiles(string Nettrace, string Speedscope);
