using PoolDoctor.Collect.Sources;

namespace PoolDoctor.Tests.Collect.Sources;

/// <summary>The build check that keeps another build's lines off the frames of a traced one.</summary>
public sealed class AssemblyBuildIdTests
{
    private static readonly string Lab = typeof(PoolDoctor.Lab.LabApp).Assembly.Location;

    [Fact]
    public void An_assembly_built_with_a_pdb_has_a_build_id()
    {
        Assert.NotNull(AssemblyBuildId.Of(Lab));
    }

    [Fact]
    public void The_same_build_or_an_unknown_id_is_no_mismatch()
    {
        Assert.Null(AssemblyBuildId.Mismatch("PoolDoctor.Lab", Lab, AssemblyBuildId.Of(Lab)!.Value));
        Assert.Null(AssemblyBuildId.Mismatch("PoolDoctor.Lab", Lab, Guid.Empty));
    }

    [Fact]
    public void Another_build_is_one_line_naming_both_ids()
    {
        var traced = Guid.NewGuid();

        var line = AssemblyBuildId.Mismatch("PoolDoctor.Lab", Lab, traced);

        Assert.NotNull(line);
        Assert.Contains("another build than the one traced", line, StringComparison.Ordinal);
        Assert.Contains(traced.ToString("N"), line, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', line);
    }

    [Fact]
    public void A_file_that_is_not_an_assembly_has_no_build_id()
    {
        var path = Path.GetTempFileName();
        try
        {
            File.WriteAllText(path, "not a PE file");
            Assert.Null(AssemblyBuildId.Of(path));
        }
        finally
        {
            File.Delete(path);
        }
    }
}
