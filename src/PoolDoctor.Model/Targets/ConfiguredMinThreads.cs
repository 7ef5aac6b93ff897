namespace PoolDoctor.Model.Targets;

/// <summary>
/// The pool's minimum worker threads as the target was configured at start-up, and where that was read
/// (docs/detection.md, "the pool's configured MinThreads"): an environment variable or the app's runtimeconfig.json.
/// The maximum is read into the same record (<c>TargetMinThreads.MaxOf</c>): one bound, one source.
/// A <c>ThreadPool.SetMinThreads</c> call in the app's code is not visible here.
/// </summary>
/// <param name="Workers">MinThreads for worker threads, as the runtime reads it (the environment variable is hex).</param>
/// <param name="Source">Where it was read, e.g. <c>DOTNET_ThreadPool_ForceMinWorkerThreads=0x12C</c>.</param>
public sealed record ConfiguredMinThreads(int Workers, string Source);
