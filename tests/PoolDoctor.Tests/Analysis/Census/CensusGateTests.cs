using PoolDoctor.Analysis.Census;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Census;

public sealed class CensusGateTests
{
    private static CensusFinding Finding(string method, double totalMs, int? line = 10) =>
        new(FindingIds.Of(method, "Task.Result", "GET /orders/{id}"), method, BlockingKind.SyncOverAsync, "Task.Result")
        {
            Entry = EntryText.Parse("GET /orders/{id}"),
            Site = new CallSite { File = "/src/Shop/Orders.cs", Line = line },
            Count = 1,
            TotalBlockedMs = totalMs,
            MaxBlockedMs = totalMs,
        };

    [Fact]
    public void Without_a_baseline_every_finding_fails()
    {
        var census = new CensusResult([Finding("Orders.Get", 5), Finding("Stock.Reserve", 7)], []);

        Assert.Equal(census.Findings.Select(f => f.Id).ToHashSet(), CensusGate.Failing(census, baseline: null));
    }

    [Fact]
    public void Only_the_finding_not_in_the_baseline_fails()
    {
        var known = Finding("Orders.Get", 5);
        var added = Finding("Stock.Reserve", 7);
        var baseline = new Dictionary<string, double> { [known.Id] = 5 };

        var failing = CensusGate.Failing(new CensusResult([known, added], []), baseline);

        Assert.Equal([added.Id], failing);
    }

    [Fact]
    public void A_known_finding_fails_only_past_the_growth_factor()
    {
        var baseline = new Dictionary<string, double> { [Finding("Orders.Get", 0).Id] = 10 };

        Assert.Empty(CensusGate.Failing(new CensusResult([Finding("Orders.Get", 29)], []), baseline, growth: 3));
        Assert.Single(CensusGate.Failing(new CensusResult([Finding("Orders.Get", 31)], []), baseline, growth: 3));
        Assert.Empty(CensusGate.Failing(new CensusResult([Finding("Orders.Get", 310)], []), baseline));
    }

    [Fact]
    public void The_id_ignores_the_line_but_not_the_method_api_or_entry()
    {
        var id = FindingIds.Of("Orders.Get", "Task.Result", "GET /orders/{id}");

        Assert.Equal(id, Finding("Orders.Get", 1, line: 99).Id);
        Assert.NotEqual(id, FindingIds.Of("Orders.List", "Task.Result", "GET /orders/{id}"));
        Assert.NotEqual(id, FindingIds.Of("Orders.Get", "Task.Wait", "GET /orders/{id}"));
        Assert.NotEqual(id, FindingIds.Of("Orders.Get", "Task.Result", null));
        Assert.Matches("^[0-9a-f]{16}$", id);
    }
}
