using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

public sealed class CulpritRankingTests
{
    [Fact]
    public void A_constant_blocker_ranks_below_a_smaller_culprit_the_load_reaches()
    {
        // Issue 34's filter beside a polling loop: the loop holds its thread throughout (33 %), the filter serves requests.
        var loop = Culprit("Poller.Run", 0.33, HoldPattern.Permanent);
        var filter = Culprit("QuotaFilter.OnActionExecutionAsync", 0.26, HoldPattern.Steady);

        Assert.Equal(["QuotaFilter.OnActionExecutionAsync", "Poller.Run"], CulpritRanking.Order([loop, filter]).Select(c => c.Method));
    }

    [Fact]
    public void A_blocker_holding_nearly_all_the_time_is_never_ranked_below_noise()
    {
        // The CI failure of 2026-11-28: the starved lab's sync database call held its five threads throughout (no request
        // event marked them, so it looked constant) and a Kestrel pipe lock seen once came first.
        var database = Culprit("PostgresLabDatabase.ExecuteNonQuery", 0.999, HoldPattern.Permanent);
        var pipe = Culprit("Pipe.AllocateWriteHeadSynchronized", 0.0004, HoldPattern.Steady);

        Assert.Equal("PostgresLabDatabase.ExecuteNonQuery", CulpritRanking.Order([pipe, database])[0].Method);
    }

    [Fact]
    public void Among_culprits_that_matter_and_among_noise_the_share_decides()
    {
        var ranked = CulpritRanking.Order([
            Culprit("A.Small", 0.002, HoldPattern.Steady),
            Culprit("B.Big", 0.6, HoldPattern.Growing),
            Culprit("C.Tiny", 0.001, HoldPattern.Permanent),
            Culprit("D.Mid", 0.3, null)]);

        Assert.Equal(["B.Big", "D.Mid", "A.Small", "C.Tiny"], ranked.Select(c => c.Method));
    }

    [Fact]
    public void A_lock_threads_only_pass_through_ranks_below_a_constant_blocker()
    {
        // Raygun4Net 11.0.3: its workers hold 5 threads throughout (31 %), while a lock inside Task.Delay is waited in for
        // moments by the requests (3 %), none of them at the window's end.
        var workers = Culprit("Processor.Worker", 0.31, HoldPattern.Permanent);
        var passing = Culprit("Client.ReserveAsync", 0.03, HoldPattern.Steady) with { Hold = new CulpritHold(0, 0, 9, true, 1, HoldPattern.Steady) };
        var holding = Culprit("Orders.Get", 0.02, HoldPattern.Steady) with { Hold = new CulpritHold(0, 2, 2, true, 1, HoldPattern.Growing) };

        Assert.Equal(["Orders.Get", "Processor.Worker", "Client.ReserveAsync"], CulpritRanking.Order([passing, workers, holding]).Select(c => c.Method));
    }

    private static Culprit Culprit(string method, double share, HoldPattern? pattern) =>
        new(method, BlockingKind.SyncIO, "Api.Call", 1, share, CulpritFrame.Named([method]))
        {
            Hold = pattern is { } p ? new CulpritHold(1, 1, 0, p != HoldPattern.Permanent, 1, p) : null,
        };
}
