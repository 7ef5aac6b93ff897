using System.Runtime.CompilerServices;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// Compares a fix's diff (and its also-changed list) with the expected file under snapshots/. A difference fails with
/// the first differing line; POOLDOCTOR_RECORD_SNAPSHOTS=1 writes the actual output as the expected file instead
/// (review the diff before committing it), as PoolDoctor.Tests' snapshots do.
/// </summary>
internal static class DiffSnapshot
{
    public static void Matches(string name, FixPlan plan, [CallerFilePath] string self = "")
    {
        Assert.True(plan.Refusal is null, $"refused: {plan.Refusal}");
        var actual = plan.Diff + string.Concat(plan.AlsoChanged.Select(a => $"# also changed: {a}\n"));
        var path = Path.Combine(Path.GetDirectoryName(self)!, "snapshots", name);
        if (Environment.GetEnvironmentVariable("POOLDOCTOR_RECORD_SNAPSHOTS") == "1")
        {
            File.WriteAllText(path, actual);
            return;
        }
        Assert.True(File.Exists(path), $"no snapshot {path}: run once with POOLDOCTOR_RECORD_SNAPSHOTS=1 and commit it");
        var expected = File.ReadAllText(path).ReplaceLineEndings("\n");
        if (expected != actual)
        {
            var want = expected.Split('\n');
            var got = actual.Split('\n');
            var line = 0;
            while (line < want.Length && line < got.Length && want[line] == got[line])
            {
                line++;
            }
            Assert.Fail($"{name} differs at line {line + 1}:\n- {(line < want.Length ? want[line] : "(end)")}\n+ {(line < got.Length ? got[line] : "(end)")}\n\nactual:\n{actual}");
        }
    }
}
