using System.Text.Json;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Collect.Stacks.TraceLogFallback;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks.Oracle;

/// <summary>
/// The tool's own nettrace reader against TraceEvent's TraceLog on every recorded trace fixture: the same stacks (frames,
/// modules, source lines), sample counts, waits, requests, modules and missing notes. Times are compared to a
/// nanosecond: both compute them from the same timestamps, only the arithmetic's last bits may differ.
/// </summary>
public sealed class NettraceOracleTests
{
    private static readonly JsonSerializerOptions Json = new() { WriteIndented = true };

    public static TheoryData<string, string?> Fixtures()
    {
        var data = new TheoryData<string, string?>();
        foreach (var file in Directory.GetFiles(Path.Combine(AppContext.BaseDirectory, "fixtures"), "*.nettrace.gz", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            // The release captures are read as `analyze --symbols` reads them (their lab build sits beside the tests),
            // and a folder that holds its app's build (deps.json beside the captures) with that folder as symbols, so
            // their frames carry source lines; the others by the paths they recorded.
            var folder = Path.GetDirectoryName(file)!;
            var symbols = file.Contains($"{Path.DirectorySeparatorChar}release{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ? "."
                : Directory.GetFiles(folder, "*.deps.json").Length > 0 ? Path.GetRelativePath(AppContext.BaseDirectory, folder)
                : null;
            data.Add(Path.GetRelativePath(AppContext.BaseDirectory, file), symbols);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Fixtures))]
    public void Reads_every_fixture_as_TraceLog_did(string fixture, string? symbolsFolder)
    {
        var path = Path.Combine(AppContext.BaseDirectory, fixture);
        var symbols = symbolsFolder is null ? null : Path.GetFullPath(Path.Combine(AppContext.BaseDirectory, symbolsFolder));

        var expected = TraceLogStackReader.Read(path, symbols: symbols);
        var actual = NettraceStackReader.ReadStacks(path, firstSamplePerThread: false, requireComplete: true, serving: null, symbols);

        Assert.True(expected.Stacks.Count + expected.Waits.Count > 0, $"{fixture}: the oracle read nothing");
        AssertSame(expected, actual, fixture);
    }

    [Fact]
    public void First_sample_per_thread_agrees_too()
    {
        var expected = TraceLogStackReader.Read(StackFixtures.PoolDoctorTaskWaitAspNet, firstSamplePerThread: true);
        var actual = NettraceStackReader.ReadStacks(StackFixtures.PoolDoctorTaskWaitAspNet, firstSamplePerThread: true, requireComplete: true, serving: null, symbols: null);

        AssertSame(expected, actual, "pooldoctor-taskwait-aspnet, first sample per thread");
    }

    private static void AssertSame(StackSnapshot expected, StackSnapshot actual, string what)
    {
        var onlyTraceLog = expected.Modules.Select(m => m.Name).Except(actual.Modules.Select(m => m.Name)).ToList();
        var onlyOurs = actual.Modules.Select(m => m.Name).Except(expected.Modules.Select(m => m.Name)).ToList();
        Assert.True(onlyTraceLog.Count + onlyOurs.Count == 0, $"{what}: modules only TraceLog lists: {string.Join(", ", onlyTraceLog)}; only ours: {string.Join(", ", onlyOurs)}");
        var want = JsonSerializer.Serialize(Normal(expected), Json).Split('\n');
        var got = JsonSerializer.Serialize(Normal(actual), Json).Split('\n');
        var first = Enumerable.Range(0, Math.Min(want.Length, got.Length)).FirstOrDefault(i => want[i] != got[i], -1);
        if (first >= 0 || want.Length != got.Length)
        {
            var at = first >= 0 ? first : Math.Min(want.Length, got.Length);
            var context = string.Join('\n', want.Skip(Math.Max(0, at - 12)).Take(14));
            Assert.Fail($"{what}: line {at} differs: TraceLog '{want.ElementAtOrDefault(at)?.Trim()}', ours '{got.ElementAtOrDefault(at)?.Trim()}' ({want.Length} vs {got.Length} lines)\n{context}");
        }
    }

    // TraceLog interpolates a frame's IL offset for its line; where in the IL the frame was (the JIT map's own entry,
    // for inline recovery) is ours alone, so it is left out of the comparison; the lines it gives are compared.
    private static StackSnapshot Normal(StackSnapshot snapshot) => snapshot with
    {
        Stacks = [.. snapshot.Stacks.Select(s => s with { Frames = WithoutIlPositions(s.Frames) })],
        WindowSeconds = Math.Round(snapshot.WindowSeconds, 9),
        Waits = [.. snapshot.Waits.Select(w => w with { DurationMs = Math.Round(w.DurationMs, 6), Frames = WithoutIlPositions(w.Frames) })],
    };

    private static StackFrame[] WithoutIlPositions(IReadOnlyList<StackFrame> frames) =>
        [.. frames.Select(f => f with { MethodToken = null, IlOffset = null })];
}
