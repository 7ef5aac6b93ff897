namespace PoolDoctor.Model.CallGraphs;

/// <summary>A type defined in a read assembly, with its base type and the interfaces it implements (same spelling
/// as <see cref="IlMethod.TypeFullName"/>), so a call through an interface reaches its implementations.</summary>
/// <param name="Namespace">The namespace of the outermost declaring type: where <see cref="FullName"/>'s type chain
/// begins (<c>Shop</c> for <c>Shop.Program.&lt;&gt;c</c>).</param>
public sealed record IlType(string Module, string Namespace, string FullName, string? BaseType, IReadOnlyList<string> Interfaces);
