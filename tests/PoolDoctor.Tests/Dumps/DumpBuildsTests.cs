using PoolDoctor.Collect.Dumps;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Dumps;

/// <summary>
/// A dump records the PDB id of every module that ran; an app assembly on this machine with another id is another
/// build, whose lines would not match the code in the dump.
/// </summary>
public class DumpBuildsTests
{
    private static readonly string Assembly = typeof(DumpBuildsTests).Assembly.Location;
    private static readonly ModuleInfo App = new("PoolDoctor.Tests", Assembly, ModuleOrigin.App);

    [Fact]
    public void The_build_that_ran_lends_its_lines()
    {
        var ran = AssemblyBuildId.Of(Assembly)!.Value;

        Assert.Empty(DumpBuilds.Other(new Dictionary<string, Guid> { ["PoolDoctor.Tests"] = ran }, [App]));
    }

    [Fact]
    public void Another_build_is_named_with_both_ids()
    {
        var ran = Guid.NewGuid();

        var other = Assert.Single(DumpBuilds.Other(new Dictionary<string, Guid> { ["PoolDoctor.Tests"] = ran }, [App]));

        Assert.Equal("PoolDoctor.Tests", other.Key);
        Assert.Contains("is another build", other.Value, StringComparison.Ordinal);
        Assert.Contains(ran.ToString("N"), other.Value, StringComparison.Ordinal);
        Assert.Contains(AssemblyBuildId.Of(Assembly)!.Value.ToString("N"), other.Value, StringComparison.Ordinal);
    }

    [Fact]
    public void A_dump_that_recorded_no_id_or_a_library_module_is_not_judged()
    {
        Assert.Empty(DumpBuilds.Other(new Dictionary<string, Guid> { ["PoolDoctor.Tests"] = Guid.Empty }, [App]));
        Assert.Empty(DumpBuilds.Other(new Dictionary<string, Guid> { ["PoolDoctor.Tests"] = Guid.NewGuid() }, [App with { Origin = ModuleOrigin.Package }]));
    }
}
