namespace PoolDoctor.Model.CallGraphs;

/// <summary>A string literal a method body loads (ldstr) and where.</summary>
public sealed record IlString(int IlOffset, string Value);
