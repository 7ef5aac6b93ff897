namespace PoolDoctor.Model.Stacks;

/// <summary>How the user's code reached the package that blocks, for a <see cref="PackageNote"/>.</summary>
public enum PackageReach
{
    /// <summary>The user frame awaits a method that ran the package's blocking code synchronously (<see cref="PackageNote.Ran"/>).</summary>
    AwaitsRanSync,

    /// <summary>The user frame calls a package API under which the package blocks (<see cref="PackageNote.UserCall"/>).</summary>
    CallsApi,

    /// <summary>The user frame calls into the package.</summary>
    CallsInto,

    /// <summary>No user frame on the stack: <see cref="PackageNote.Caller"/> (null: the framework) calls the package.</summary>
    NoUserFrame,
}

/// <summary>
/// Where the user's code puts the package on the path when no user frame is on the stack: a user method the JIT
/// inlined into generated code (<see cref="InlinedInto"/>), or the user method whose IL calls into the package.
/// </summary>
public sealed record PackageRegistration(string User, string Calls, string? At, string? InlinedInto);

/// <summary>The facts of a call site inside a package: which package, its method and API, and how the app reaches it.</summary>
public sealed record PackageNote(PackageRef Package, string Method, string Api, PackageReach Reach)
{
    /// <summary>The user frame on the stack (null for <see cref="PackageReach.NoUserFrame"/>).</summary>
    public string? UserFrame { get; init; }

    public AwaitedRanSync? Ran { get; init; }

    public AsyncTwin? UserCall { get; init; }

    /// <summary>The frame that calls the package when no user frame is on the stack (null: the framework).</summary>
    public string? Caller { get; init; }

    public PackageRegistration? Registration { get; init; }
}
