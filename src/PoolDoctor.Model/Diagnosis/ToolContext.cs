namespace PoolDoctor.Model.Diagnosis;

/// <summary>Which build of the tool wrote a report and how it was started, so a report read later can be reproduced.</summary>
public sealed record ToolContext(string Version, string CommandLine);
