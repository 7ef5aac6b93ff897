namespace PoolDoctor.Lab.Services;

/// <summary>One report waiting for <see cref="ReportQueue"/>'s worker, and how to hand the result back.</summary>
public sealed record ReportJob(string Name, Action<string> Complete);
