namespace PoolDoctor.Model.CallGraphs;

/// <summary>One call instruction in a method body and the method it names (resolved through member references
/// and generic instantiations to the declaring type and method name).</summary>
public sealed record IlCall(int IlOffset, IlCallKind Kind, string TargetTypeFullName, string TargetMethod);
