using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>A frame recognised as a blocking call: its kind and the API as users know it (<c>Task.Result</c>).</summary>
/// <param name="IsDriverCall">A database driver's synchronous entry point (recognised by name, not by a wait primitive).</param>
public sealed record BlockingApi(BlockingKind Kind, string Api, bool IsDriverCall = false);
