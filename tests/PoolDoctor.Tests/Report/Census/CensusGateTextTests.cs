using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Census;

namespace PoolDoctor.Tests.Report.Census;

public sealed class CensusGateTextTests
{
    private static readonly CensusResult Census = new(
        [
            new CensusFinding("6a419643397c43ed", "PriceLookup.Current", BlockingKind.SyncOverAsync, "Task.Result"),
            new CensusFinding("0011223344556677", "PriceLookup.CurrentAsync", BlockingKind.SyncOverAsync, "Task.Result"),
            new CensusFinding("8899aabbccddeeff", "StockLedger.Reserve", BlockingKind.Lock, "Monitor.Enter"),
        ],
        [new CensusProcess(42, "testhost", 10, 3)]);

    [Fact]
    public void With_a_baseline_the_line_names_only_the_failing_sites_by_method_api_and_id()
    {
        var line = CensusGateText.Failing(Census, new HashSet<string> { "0011223344556677", "8899aabbccddeeff" }, "census.baseline.json");

        Assert.Equal(
            "2 blocking call site(s) on pool threads not in the baseline census.baseline.json: "
            + "PriceLookup.CurrentAsync (Task.Result, id 0011223344556677), StockLedger.Reserve (Monitor.Enter, id 8899aabbccddeeff)",
            line);
    }

    [Fact]
    public void Without_a_baseline_the_line_says_how_to_accept_them()
    {
        var line = CensusGateText.Failing(Census, new HashSet<string> { "6a419643397c43ed" }, null);

        Assert.Equal("1 blocking call site(s) on pool threads (accept them with --baseline FILE --update-baseline)", line);
    }
}
