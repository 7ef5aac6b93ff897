using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Fuzz;

/// <summary>
/// Issue 23's short fuzz in CI: AFL++ on each parser of untrusted input from its seed corpus (fuzz/README.md). A target
/// passes when AFL++ really drove it (executions counted) and saved no crash and no hang; a finding fails with the
/// input's path and the command that replays it. Campaigns of an hour are run by hand (bench/RESULTS.md). Paired: AFL++
/// runs niced, and what it judges (an exception, a 5 s hang) does not depend on what runs beside it.
/// </summary>
public sealed class ShortFuzzTests(ShortFuzzRun run) : IClassFixture<ShortFuzzRun>
{
    /// <summary>Every target fuzz/short.sh runs; a new parser of untrusted input gets its rows by being named here.</summary>
    public static TheoryData<string> Targets => ["nettrace", "dump-header", "http1", "grpc", "trigger", "ipc-peer", "report-json", "input-file"];

    [SkippableTheory]
    [MemberData(nameof(Targets))]
    public void A_short_afl_run_from_the_seed_corpus_finds_no_crash_and_no_hang(string target)
    {
        RequireAflPlusPlus();
        Assert.True(run.Rows.TryGetValue(target, out var row), $"no row for {target} in the summary\n{run.Log}");
        Assert.True(row.Executions > 0, $"AFL++ ran no input through {target}\n{run.Log}");
        var crashes = run.Findings(target, "crashes").ToList();
        var hangs = run.Findings(target, "hangs").ToList();
        Assert.True(row.Crashes == 0 && row.Hangs == 0 && crashes.Count == 0 && hangs.Count == 0,
            $"{target}: {row.Crashes} crash(es), {row.Hangs} hang(s) in {row.Executions} executions: {string.Join(", ", crashes.Concat(hangs))}; "
            + $"replay one with `dotnet fuzz/PoolDoctor.Fuzz/bin/Release/net10.0/PoolDoctor.Fuzz.dll {target} FILE`, then keep it in fuzz/regressions/{target}");
    }

    [SkippableTheory]
    [MemberData(nameof(Targets))]
    public void A_target_whose_first_input_is_read_before_afl_writes_it_still_shows_coverage(string target)
    {
        RequireAflPlusPlus();
        Assert.True(File.Exists(run.InstrumentedFuzzDll), $"fuzz/short.sh left no instrumented build\n{run.Log}");
        var (covered, output) = ForkServerFirstRun.CoverageOfAnEmptyFirstInput(run.InstrumentedFuzzDll, target);
        Assert.True(covered > 0, $"{target}: an empty first input set no byte of the coverage map, so AFL++ would abort with \"No instrumentation detected\"\n{output}");
    }

    private void RequireAflPlusPlus()
    {
        if (run.Missing is { } missing)
        {
            throw MissingDependency.SkipOrFail(missing, "bash scripts/install-test-deps.sh installs it");
        }
    }
}
