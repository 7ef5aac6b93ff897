namespace PoolDoctor.Model.CallGraphs;

/// <summary>
/// One method body read from an assembly: where it lives, its metadata token, the calls in its IL (in IL order)
/// and the source lines its IL maps to when a portable PDB was found.
/// </summary>
/// <param name="Module">The assembly's file name without extension (what <c>ModuleInfo.Name</c> holds).</param>
/// <param name="TypeFullName">Declaring type, e.g. <c>Shop.Program.&lt;&gt;c</c> (nested types joined by dots, no arity).</param>
/// <param name="Method">The metadata name, e.g. <c>GetCustomer</c>, <c>.ctor</c>, <c>&lt;Main&gt;b__0_1</c>, <c>MoveNext</c>.</param>
public sealed record IlMethod(string Module, string TypeFullName, string Method, int Token, IReadOnlyList<IlCall> Calls)
{
    /// <summary>Non-hidden sequence points in IL order; empty when no PDB was found.</summary>
    public IReadOnlyList<IlSequencePoint> SequencePoints { get; init; } = [];

    /// <summary>String literals the body loads (ldstr), in IL order: a minimal API's route sits right before its
    /// handler's ldftn, which ties an endpoint to the method it maps.</summary>
    public IReadOnlyList<IlString> Strings { get; init; } = [];

    /// <summary>The state machine type that holds the body of an async method or iterator (its <c>MoveNext</c>
    /// runs the code the user wrote here); null for an ordinary method.</summary>
    public string? StateMachineType { get; init; }

    /// <summary>The source line an IL offset belongs to: the last sequence point at or before it; null without a PDB.</summary>
    public IlSequencePoint? LocationOf(int ilOffset)
    {
        IlSequencePoint? found = null;
        foreach (var point in SequencePoints)
        {
            if (point.IlOffset > ilOffset)
            {
                break;
            }
            found = point;
        }
        return found;
    }
}
