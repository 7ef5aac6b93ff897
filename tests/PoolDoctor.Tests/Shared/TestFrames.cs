using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Shared;

/// <summary>Merged-stack frames for hand-built groups: names leaf first, the ones listed as user code flagged.</summary>
internal static class TestFrames
{
    public static IReadOnlyList<GroupFrame> Named(IEnumerable<string> names, params string[] user) =>
        [.. names.Select(n => new GroupFrame(n, user.Contains(n, StringComparer.Ordinal)))];
}
