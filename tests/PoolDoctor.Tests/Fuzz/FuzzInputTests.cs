using PoolDoctor.Fuzz;

namespace PoolDoctor.Tests.Fuzz;

/// <summary>
/// The short fuzz run CI makes: every seed of fuzz/corpus and every input a campaign found (fuzz/regressions, each a
/// crash or hang once) goes through its fuzz target, which throws on anything but the parser's one-line refusal or a
/// broken invariant, and each is read twice in this process. Each input must finish well inside the time AFL++ allowed it (5 s), with a wide margin here.
/// </summary>
public sealed class FuzzInputTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(30);

    public static TheoryData<string, string> Inputs()
    {
        var data = new TheoryData<string, string>();
        foreach (var folder in new[] { "corpus", "regressions" })
        {
            var root = Path.Combine(AppContext.BaseDirectory, "fuzz", folder);
            foreach (var file in Directory.EnumerateFiles(root, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
            {
                data.Add(Path.GetFileName(Path.GetDirectoryName(file))!, Path.GetRelativePath(Path.Combine(AppContext.BaseDirectory, "fuzz"), file));
            }
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public async Task Every_seed_and_regression_input_is_read_or_refused_in_one_line(string target, string input)
    {
        var bytes = await File.ReadAllBytesAsync(Path.Combine(AppContext.BaseDirectory, "fuzz", input));

        // Twice: a first read that leaves the file open or state behind fails the second, as AFL++'s persistent mode,
        // which runs input after input in one process, found (fuzz/regressions/nettrace/format-6-conversion-leaves-file-open).
        await Task.Run(() => FuzzTargets.All[target](bytes)).WaitAsync(Limit);
        await Task.Run(() => FuzzTargets.All[target](bytes)).WaitAsync(Limit);
    }

    [Fact]
    public void Every_target_has_seeds()
    {
        foreach (var target in FuzzTargets.All.Keys)
        {
            Assert.NotEmpty(Directory.EnumerateFiles(Path.Combine(AppContext.BaseDirectory, "fuzz", "corpus", target)));
        }
    }
}
