using System.Reflection;
using System.Text;
using PoolDoctor.Collect.Sources;

namespace PoolDoctor.Tests.Sources;

/// <summary>The locator on real assemblies: this test assembly with its PDB, without it, and with another build's PDB.</summary>
public sealed class SourceLocatorTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("pooldoctor-symbols-").FullName;
    private static readonly string Assembly = typeof(SourceLocatorTests).Assembly.Location;
    private static readonly MethodInfo Marked = typeof(SourceLocatorTests).GetMethod(nameof(MarkedMethod), BindingFlags.NonPublic | BindingFlags.Static)!;

    private static int MarkedMethod() => Environment.ProcessorCount + 1; // locator-marker

    [Fact]
    public void A_method_token_and_IL_offset_give_the_file_and_the_line_it_was_written_on()
    {
        using var locator = new SourceLocator();
        var location = locator.Locate(Assembly, Marked.MetadataToken, 0, returnAddress: false);

        Assert.NotNull(location);
        Assert.EndsWith("SourceLocatorTests.cs", location.File);
        Assert.Contains("locator-marker", File.ReadAllLines(location.File)[location.Line - 1]);
        Assert.Empty(locator.Problems);
    }

    [Fact]
    public void Without_a_PDB_there_is_no_line_and_one_problem_says_so()
    {
        var copy = CopyWithoutRecordedPdbPath();
        using var locator = new SourceLocator();

        Assert.Null(locator.Locate(copy, Marked.MetadataToken, 0));
        var problem = Assert.Single(locator.Problems);
        Assert.Contains("no PDB for", problem);
    }

    [Fact]
    public void A_PDB_of_another_build_is_detected_by_its_id_and_ignored()
    {
        var copy = CopyWithoutRecordedPdbPath();
        var other = Path.ChangeExtension(typeof(PoolDoctor.Model.Stacks.Culprit).Assembly.Location, ".pdb");
        File.Copy(other, Path.ChangeExtension(copy, ".pdb"));
        using var locator = new SourceLocator();

        Assert.Null(locator.Locate(copy, Marked.MetadataToken, 0));
        Assert.Contains("does not match", Assert.Single(locator.Problems));
    }

    [Fact]
    public void A_symbols_directory_stands_in_for_the_path_recorded_on_another_machine()
    {
        var copy = CopyWithoutRecordedPdbPath();
        File.Copy(Path.ChangeExtension(Assembly, ".pdb"), Path.ChangeExtension(copy, ".pdb"));
        using var locator = new SourceLocator(_dir);

        var location = locator.Locate("/elsewhere/app/" + Path.GetFileName(Assembly), Marked.MetadataToken, 0, returnAddress: false);

        Assert.NotNull(location);
        Assert.EndsWith("SourceLocatorTests.cs", location.File);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(_dir, recursive: true);
        }
        catch (IOException)
        {
        }
    }

    // The assembly as it lands on another machine: the PDB path its debug directory records (this build's obj
    // folder) must not exist there, so one byte of that path is changed in the copy.
    private string CopyWithoutRecordedPdbPath()
    {
        var bytes = File.ReadAllBytes(Assembly);
        var recorded = Encoding.UTF8.GetBytes(Path.GetFileNameWithoutExtension(Assembly) + ".pdb");
        var at = bytes.AsSpan().LastIndexOf(recorded);
        Assert.True(at > 0, "no PDB path in the debug directory");
        var slash = bytes.AsSpan(0, at).LastIndexOf((byte)'/');
        bytes[slash - 1] = (byte)'~';
        var copy = Path.Combine(_dir, Path.GetFileName(Assembly));
        File.WriteAllBytes(copy, bytes);
        return copy;
    }
}
