using PoolDoctor.Analysis.Gate;

namespace PoolDoctor.Runs;

/// <summary>What `diagnose` was asked beyond the watch itself: where to write, what to load, and the CI gate.</summary>
internal sealed record DiagnoseRequest(string Directory, IReadOnlyList<Uri> LoadUrls, int Connections, FailOn? FailOn, string? JUnit);
