namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Where in its own IL a sampled frame of the app was: the module, the method's metadata token and the IL offset the
/// JIT's map gave the frame's address (the start of the statement it was in). <see cref="IlOffset"/> is null when the
/// method is known but not its statement: a dump's tier-1 frame, for which the runtime's data access gives only the
/// first (tier-0) code's map (microsoft/clrmd#1171), so the whole method's calls are the candidates.
/// </summary>
public sealed record IlPosition(string Module, int Token, int? IlOffset);
