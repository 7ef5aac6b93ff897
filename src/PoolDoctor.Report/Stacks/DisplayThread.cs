using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>One distinct stack of one thread for `--raw` (a thread that moved shows several), with its sample count.</summary>
public sealed record DisplayThread(int ThreadId, bool IsThreadPool, int Samples, IReadOnlyList<DisplayFrame> Frames);
