namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Where in its own IL a sampled frame of the app was: the module, the method's metadata token and the IL offset the
/// JIT's map gave the frame's address (the start of the statement it was in).
/// </summary>
public sealed record IlPosition(string Module, int Token, int IlOffset);
