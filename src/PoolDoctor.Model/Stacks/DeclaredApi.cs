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
    /// <summary>The key of a frame in <see cref="StackSnapshot.DeclaredApis"/>.</summary>
    public static string KeyOf(StackFrame frame) => frame.Module + "!" + frame.Method;
}
