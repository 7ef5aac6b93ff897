using PoolDoctor.Report.Advice;
using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Tests.Shared.DoctorFixtures;

namespace PoolDoctor.Tests.Analysis.Advice;

/// <summary>
/// The advice is written around the culprit, not copied from a template: two culprits of the same kind with
/// different (non-lab) names get snippets and explanations naming each one's own method and blocking API.
/// </summary>
public sealed class AdviceFollowsTheCulpritTests
{
    private static PoolDoctor.Model.Advice.CulpritAdvice Fix(Culprit culprit) =>
        Assert.Single(AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2).Fixes);

    [Theory]
    [InlineData(BlockingKind.SyncOverAsync, "Task<TResult>.Result", "Billing.ChargeCard", "Shipping.BookCourier")]
    [InlineData(BlockingKind.Sleep, "Thread.Sleep", "Inventory.PollStock", "Mailer.Throttle")]
    [InlineData(BlockingKind.SyncIO, "SqlCommand.ExecuteReader", "Orders.LoadOrder", "Reports.Export")]
    [InlineData(BlockingKind.Lock, "Monitor.Enter", "Cache.Refresh", "Ledger.Post")]
    [InlineData(BlockingKind.SyncWait, "SemaphoreSlim.Wait", "Gateway.Forward", "Quota.Reserve")]
    public void Two_culprits_of_one_kind_get_advice_naming_their_own_method_and_api(BlockingKind kind, string api, string first, string second)
    {
        var a = Fix(Culprit(first, kind, api));
        var b = Fix(Culprit(second, kind, api));
        foreach (var (fix, method, other) in new[] { (a, first, second), (b, second, first) })
        {
            var name = method[(method.LastIndexOf('.') + 1)..];
            var otherName = other[(other.LastIndexOf('.') + 1)..];
            Assert.Equal(method, fix.Method);
            Assert.Equal(api, fix.Api);
            Assert.Contains($" {name}(", fix.Before);
            Assert.Contains($" {name}(", fix.After);
            Assert.Contains($"{name} ", fix.Explanation);
            Assert.Contains(api, fix.Explanation);
            Assert.Contains(AdviceEvidenceText.Lines(fix), e => e.Contains(api, StringComparison.Ordinal) && e.Contains(method, StringComparison.Ordinal));
            Assert.DoesNotContain(otherName, fix.Before + fix.After + fix.Explanation);
        }
        Assert.NotEqual(a.Before, b.Before);
        Assert.NotEqual(a.After, b.After);
    }

    [Theory]
    [InlineData("NpgsqlCommand.ExecuteScalar", "command", "ExecuteScalar")]
    [InlineData("NetworkStream.Read", "stream", "Read")]
    [InlineData("HttpClient.Send", "client", "Send")]
    public void Sync_io_advice_calls_the_async_twin_of_the_culprits_own_api(string api, string receiver, string member)
    {
        var fix = Fix(Culprit("Orders.LoadOrder", BlockingKind.SyncIO, api));
        Assert.Contains($"{member}Async", fix.Headline);
        Assert.Contains($"{receiver}.{member}(", fix.Before);
        Assert.Contains($"await {receiver}.{member}Async(", fix.After);
        Assert.DoesNotContain($"{receiver}.{member}(", fix.After);
    }
}
