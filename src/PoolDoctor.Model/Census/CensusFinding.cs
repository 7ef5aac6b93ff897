using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Model.Census;

/// <summary>
/// One place where pool threads blocked during the run, grouped by where the fix goes: the call site (method, file:line,
/// kind, API), the entry that reached it and, inside a package, the package method and the user's frame that calls it.
/// <see cref="Id"/> stays the same across runs and small code moves (method + API + entry, not the line).
/// </summary>
public sealed record CensusFinding(string Id, string Method, BlockingKind Kind, string Api)
{
    public WorkEntry? Entry { get; init; }

    public CallSite Site { get; init; } = CallSite.OnStack;

    public PackageRef? Package { get; init; }

    public string? PackageMethod { get; init; }

    public string? UserFrame { get; init; }

    /// <summary>The processes it was seen in (a test host, the app the tests started), by name.</summary>
    public IReadOnlyList<string> Processes { get; init; } = [];

    /// <summary>How many blocking waits (a wait reported at several levels, a task wait over its event, counts once).</summary>
    public int Count { get; init; }

    public double TotalBlockedMs { get; init; }

    public double MaxBlockedMs { get; init; }

    /// <summary>Seconds after the census started that it was first seen.</summary>
    public double FirstSeenSeconds { get; init; }

    /// <summary>One stack that blocked there, leaf first, as "Module!Method (file:line)".</summary>
    public IReadOnlyList<string> ExampleStack { get; init; } = [];
}
