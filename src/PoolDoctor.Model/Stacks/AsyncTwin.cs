namespace PoolDoctor.Model.Stacks;

/// <summary>
/// Whether <see cref="Api"/> has an asynchronous twin, as the metadata of its declaring type says: <see cref="Twin"/>
/// is its name, or null when the type declares none (so the advice must not offer one).
/// </summary>
public sealed record AsyncTwin(string Api, string? Twin)
{
    /// <summary>
    /// The user's code can call <see cref="Twin"/>: it is public on a public type, and the user's code reaches that
    /// type (calls into it on the stack). False: the twin is internal to a package, or only the package or the
    /// framework calls the type (a rate limiter run by the framework's middleware); the advice is then the package's
    /// (upgrade or report it), never the twin. A blocking framework or driver API's twin stays callable: the user calls
    /// its public surface, whatever internal type the sampled frame belongs to.
    /// </summary>
    public bool Callable { get; init; } = true;

    /// <summary><see cref="Api"/> is public API of its package (false: an internal type's or a non-public method).</summary>
    public bool ApiPublic { get; init; } = true;

    /// <summary>The twin the advice may offer: <see cref="Twin"/> when <see cref="Callable"/>, else null.</summary>
    public string? CallableTwin => Callable ? Twin : null;
}
