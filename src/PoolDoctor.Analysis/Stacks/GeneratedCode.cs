using System.Text.RegularExpressions;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Code the runtime or a framework generated at run time: LCG methods (<c>dynamicClass.lambda_method9</c>, the
/// compiled expression trees ASP.NET Core builds to call an MVC action or a minimal-API handler), IL stubs and
/// delegate thunks. Their names mean nothing to a user and must never be shown as a culprit; in a Release build the
/// JIT inlines the user's small handler into them, so a generated frame right above a blocking call is where the
/// user's code went.
/// </summary>
public static partial class GeneratedCode
{
    private const string DynamicModule = "Anonymously Hosted DynamicMethods Assembly";

    public static bool IsGenerated(string module, FrameName name) =>
        module == DynamicModule
        || name.TypeFullName == "dynamicClass"
        || (name.TypeFullName.Length == 0 && (LcgName().IsMatch(name.Method) || name.Method.StartsWith("IL_STUB", StringComparison.Ordinal)));

    /// <summary>
    /// A compiled expression tree (<c>lambda_method9</c>): how ASP.NET Core calls an MVC action or a minimal-API
    /// handler, so the one kind of generated frame a request's handler can be inlined into. Other generated code
    /// (the DI container's <c>ResolveService</c>, IL stubs) runs before or around the handler, never as it.
    /// </summary>
    public static bool CanHoldHandler(FrameName name) => LcgName().IsMatch(name.Method);

    [GeneratedRegex(@"^lambda_method\d*$")]
    private static partial Regex LcgName();
}
