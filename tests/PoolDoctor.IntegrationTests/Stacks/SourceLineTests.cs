using System.Text;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>
/// Source lines end to end: the lab's real files and PDBs give the culprit's file and line (checked against the
/// source itself), the JIT's IL-to-native maps give every chain frame its line, a recorded trace read with
/// `--symbols` gives the same, and bad symbols (none, another build's, a missing folder) say so in one line.
/// </summary>
public sealed class SourceLineTests
{
    private static readonly string ToolDirectory = Path.GetDirectoryName(ToolPaths.ToolDll)!;

    [Fact]
    public async Task Taskwait_culprit_has_the_file_and_line_of_the_blocking_call_live_and_from_a_trace_with_symbols()
    {
        await using var lab = await LabProcess.StartAsync();
        var load = ToolRun.RunAsync(["load", lab.Url("taskwait"), "-c", "125", "-d", "30s"], TimeSpan.FromSeconds(90));
        await Task.Delay(1500);
        var output = Directory.CreateTempSubdirectory("pooldoctor-lines-").FullName;
        try
        {
            var diagnose = await ToolRun.RunAsync(["diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(), "--duration", "20s", "-o", output], TimeSpan.FromSeconds(90));
            Assert.True(diagnose.ExitCode == 0, diagnose.ToString());
            using (var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json"))))
            {
                var top = report.RootElement.GetProperty("culprits")[0];
                AssertLineHolds(top, "DiagScenarioController.cs", ".Result");
                var fix = report.RootElement.GetProperty("advice").GetProperty("fixes")[0];
                Assert.Equal("source", fix.GetProperty("code").GetString());
                Assert.Contains(".Result", fix.GetProperty("before").GetString());
                Assert.Contains("await PretendQuery.CustomerAsync()", fix.GetProperty("after").GetString());
                Assert.Contains("async Task<string> TaskWait()", fix.GetProperty("after").GetString());
            }

            var trace = Path.Combine(output, "taskwait.nettrace");
            var stacks = await ToolRun.RunAsync(["stacks", "-p", lab.ProcessId.ToString(), "--duration", "1s", "-o", trace], TimeSpan.FromSeconds(90));
            Assert.True(stacks.ExitCode == 0, stacks.ToString());
            var symbols = SymbolsCopy(output, withPdb: true);
            var analyze = await ToolRun.RunAsync(["analyze", trace, "--symbols", symbols, "--format", "json"], TimeSpan.FromSeconds(90));
            Assert.True(analyze.ExitCode == 0, analyze.ToString());
            using var json = JsonDocument.Parse(analyze.StdOut);
            AssertLineHolds(json.RootElement.GetProperty("culprits")[0], "DiagScenarioController.cs", ".Result");
        }
        finally
        {
            await load;
            Directory.Delete(output, recursive: true);
        }
    }

    [Fact]
    public async Task Every_sampled_chain_frame_carries_the_line_that_calls_the_next_one()
    {
        await using var lab = await LabProcess.StartAsync();
        var load = ToolRun.RunAsync(["load", lab.Url("db/sync"), "-c", "125", "-d", "25s"], TimeSpan.FromSeconds(90));
        await Task.Delay(1500);
        var output = Directory.CreateTempSubdirectory("pooldoctor-lines-").FullName;
        try
        {
            var diagnose = await ToolRun.RunAsync(["diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(), "--duration", "20s", "-o", output], TimeSpan.FromSeconds(90));
            Assert.True(diagnose.ExitCode == 0, diagnose.ToString());
            using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
            var top = report.RootElement.GetProperty("culprits")[0];
            var frames = top.GetProperty("chainFrames").EnumerateArray().ToList();
            Assert.True(frames.Count >= 2, top.ToString());
            Assert.All(frames, f => Assert.True(f.TryGetProperty("line", out _), $"no line on {f}\n{top}"));
            // Each caller's line is the one calling the next frame down the chain (return addresses map back to the call).
            for (var i = 0; i + 1 < frames.Count; i++)
            {
                var callee = frames[i + 1].GetProperty("method").GetString()!;
                var shortName = callee[(callee.LastIndexOf('.') + 1)..];
                var line = File.ReadAllLines(frames[i].GetProperty("file").GetString()!)[frames[i].GetProperty("line").GetInt32() - 1];
                Assert.True(line.Contains(shortName, StringComparison.Ordinal), $"{frames[i]} holds '{line.Trim()}', not a call to {shortName}");
            }
            // Every frame also names its file as the repository does (the lab is built here, inside this clone), so a
            // report read on another machine still points at the file: the same file, reached from the clone's root.
            var root = ToolPaths.RepositoryRoot();
            foreach (var frame in frames.Concat(top.GetProperty("exampleFrames").EnumerateArray()).Append(top).Where(f => f.TryGetProperty("file", out _)))
            {
                Assert.True(frame.TryGetProperty("repositoryFile", out var relative), $"no repositoryFile on {frame}");
                Assert.False(Path.IsPathRooted(relative.GetString()), frame.ToString());
                Assert.Equal(Path.GetFullPath(frame.GetProperty("file").GetString()!), Path.GetFullPath(Path.Combine(root, relative.GetString()!)));
            }
        }
        finally
        {
            await load;
            Directory.Delete(output, recursive: true);
        }
    }

    [Fact]
    public async Task Bad_symbols_say_what_is_missing_in_one_line_and_the_culprit_is_still_named()
    {
        var dir = Directory.CreateTempSubdirectory("pooldoctor-badsymbols-").FullName;
        try
        {
            var missing = await ToolRun.RunAsync(["analyze", StackFixturePaths.PoolDoctorTaskWait, "--symbols", Path.Combine(dir, "nope")], TimeSpan.FromSeconds(60));
            Assert.Equal(1, missing.ExitCode);
            Assert.Contains("--symbols: no such directory", Assert.Single(NonEmpty(missing.StdErr)));

            var stripped = SymbolsCopy(dir, withPdb: false);
            var noPdb = await ToolRun.RunAsync(["analyze", StackFixturePaths.PoolDoctorTaskWait, "--symbols", stripped, "--format", "json"], TimeSpan.FromSeconds(60));
            Assert.True(noPdb.ExitCode == 0, noPdb.ToString());
            Assert.Single(NonEmpty(noPdb.StdErr), l => l.Contains("no PDB for PoolDoctor.Lab.dll", StringComparison.Ordinal));
            using (var json = JsonDocument.Parse(noPdb.StdOut))
            {
                var top = json.RootElement.GetProperty("culprits")[0];
                Assert.Equal("DiagScenarioController.TaskWait", top.GetProperty("method").GetString());
                Assert.False(top.TryGetProperty("file", out _));
            }

            // Another assembly's PDB under the app's name: a PDB of another build, found beside it and refused by id.
            File.Copy(Path.Combine(ToolDirectory, "PoolDoctor.Model.pdb"), Path.Combine(stripped, "PoolDoctor.Lab.pdb"));
            var mismatch = await ToolRun.RunAsync(["analyze", StackFixturePaths.PoolDoctorTaskWait, "--symbols", stripped], TimeSpan.FromSeconds(60));
            Assert.True(mismatch.ExitCode == 0, mismatch.ToString());
            Assert.Single(NonEmpty(mismatch.StdErr), l => l.Contains("does not match PoolDoctor.Lab.dll", StringComparison.Ordinal));
            Assert.Contains("DiagScenarioController.TaskWait", mismatch.StdOut);
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    private static void AssertLineHolds(JsonElement culprit, string fileName, string call)
    {
        var file = culprit.GetProperty("file").GetString()!;
        Assert.EndsWith(fileName, file);
        var line = culprit.GetProperty("line").GetInt32();
        var text = File.ReadAllLines(file)[line - 1];
        Assert.True(text.Contains(call, StringComparison.Ordinal), $"{fileName}:{line} is '{text.Trim()}', not the {call} call");
    }

    private static IEnumerable<string> NonEmpty(string text) => text.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0);

    /// <summary>
    /// The lab's assembly and deps.json as a symbols folder, as they would be copied off another machine: the PDB path
    /// the assembly's debug directory records (this build's obj folder) is made not to exist by changing one byte of
    /// it, so only the folder's own PDB (or none) counts.
    /// </summary>
    private static string SymbolsCopy(string under, bool withPdb)
    {
        var dir = Directory.CreateDirectory(Path.Combine(under, withPdb ? "symbols" : "stripped")).FullName;
        var bytes = File.ReadAllBytes(Path.Combine(ToolDirectory, "PoolDoctor.Lab.dll"));
        var recorded = Encoding.UTF8.GetBytes("PoolDoctor.Lab.pdb");
        var at = bytes.AsSpan().LastIndexOf(recorded);
        Assert.True(at > 0, "no PDB path in the lab's debug directory");
        var slash = bytes.AsSpan(0, at).LastIndexOf((byte)'/');
        bytes[slash - 1] = (byte)'~';
        File.WriteAllBytes(Path.Combine(dir, "PoolDoctor.Lab.dll"), bytes);
        File.Copy(Path.Combine(ToolDirectory, "dotnet-pooldoctor.deps.json"), Path.Combine(dir, "dotnet-pooldoctor.deps.json"));
        if (withPdb)
        {
            File.Copy(Path.Combine(ToolDirectory, "PoolDoctor.Lab.pdb"), Path.Combine(dir, "PoolDoctor.Lab.pdb"));
        }
        return dir;
    }
}
