namespace PoolDoctor.Model.Stacks;

/// <summary>
/// What the metadata of the type that declares a sampled frame's method says about it, read from the assembly the
/// frame ran in: the asynchronous twin the type (or an interface it implements) declares, and the public interface
/// of the same assembly that declares the method, when the frame's type is an implementation behind one.
/// </summary>
/// <param name="AsyncTwin">The twin's name (<c>ScriptEvaluateAsync</c> for <c>ScriptEvaluate</c>); null: the type declares none.</param>
/// <param name="PublicType">The interface's name without namespace (<c>IDatabase</c> for <c>RedisDatabase</c>); null when none.</param>
public sealed record DeclaredApi(string? AsyncTwin, string? PublicType)
{
    /// <summary>
    /// <see cref="AsyncTwin"/> is public on a type other assemblies see (a public type, or a public interface it
    /// implements): code outside the package can call it. False for a twin only the package itself can call (an
    /// <c>internal</c> class's, or a non-public method), which advice must never offer the user.
    /// </summary>
    public bool TwinPublic { get; init; } = true;

    /// <summary>The method itself is public on a type other assemblies see (or declared by <see cref="PublicType"/>).</summary>
    public bool MethodPublic { get; init; } = true;

    /// <summary>The twin record of <paramref name="api"/> as this metadata says; <paramref name="reached"/>: the user's
    /// code calls into the type on the stack (else even a public twin is not the user's to call).</summary>
    public AsyncTwin TwinFor(string api, bool reached = true) =>
        new(api, AsyncTwin) { Callable = TwinPublic && reached, ApiPublic = MethodPublic };

    /// <summary>The key of a frame in <see cref="StackSnapshot.DeclaredApis"/>.</summary>
    public static string KeyOf(StackFrame frame) => frame.Module + "!" + frame.Method;
}
