using System.Runtime.CompilerServices;

namespace PoolDoctor.Tests.Shared;

/// <summary>
/// Compares a whole output with the expected file committed under tests/PoolDoctor.Tests/snapshots. A difference fails
/// with the first differing line and its neighbours; POOLDOCTOR_RECORD_SNAPSHOTS=1 writes the actual output as the new
/// expected file instead (review the diff before committing it).
/// </summary>
internal static class Snapshot
{
    public const string RecordVariable = "POOLDOCTOR_RECORD_SNAPSHOTS";

    public static void Matches(string name, string actual, [CallerFilePath] string caller = "")
    {
        var path = Path.Combine(Folder(), name);
        actual = actual.ReplaceLineEndings("\n");
        if (Environment.GetEnvironmentVariable(RecordVariable) == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, actual);
            return;
        }
        Assert.True(File.Exists(path), $"no snapshot {path}: run the tests once with {RecordVariable}=1 and commit the file ({caller})");
        var expected = File.ReadAllText(path).ReplaceLineEndings("\n");
        if (expected != actual)
        {
            Assert.Fail($"{name} differs from the snapshot ({RecordVariable}=1 re-records it):\n{FirstDifference(expected, actual)}");
        }
    }

    internal static string FirstDifference(string expected, string actual)
    {
        var want = expected.Split('\n');
        var got = actual.Split('\n');
        var line = 0;
        while (line < want.Length && line < got.Length && want[line] == got[line])
        {
            line++;
        }
        var from = Math.Max(0, line - 2);
        var lines = new List<string> { $"first difference at line {line + 1} (expected {want.Length} lines, got {got.Length})" };
        for (var i = from; i < line; i++)
        {
            lines.Add($"  {want[i]}");
        }
        for (var i = line; i < Math.Min(want.Length, line + 3); i++)
        {
            lines.Add($"- {want[i]}");
        }
        for (var i = line; i < Math.Min(got.Length, line + 3); i++)
        {
            lines.Add($"+ {got[i]}");
        }
        return string.Join('\n', lines);
    }

    private static string Folder([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "snapshots"));
}
