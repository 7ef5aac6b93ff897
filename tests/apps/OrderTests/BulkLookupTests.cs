namespace OrderTests;

/// <summary>
/// The same bulk lookup twice: once through the synchronous wrapper on pool threads (sync over async: the pool starves)
/// and once awaited, both on pool threads as in a service. Each runs 150 concurrent workers for a fixed 10 s, so the run
/// is bounded whatever the pool does.
/// </summary>
public sealed class BulkLookupTests
{
    private const int Workers = 150;
    private static readonly TimeSpan RunFor = TimeSpan.FromSeconds(10);

    [Fact]
    public async Task Blocking_bulk_lookup_answers_every_order()
    {
        var until = DateTime.UtcNow + RunFor;
        var workers = Enumerable.Range(0, Workers).Select(w => Task.Run(() =>
        {
            var answered = 0;
            while (DateTime.UtcNow < until)
            {
                Assert.StartsWith("order", OrderClient.Lookup(w));
                answered++;
            }
            return answered;
        }));
        var counts = await Task.WhenAll(workers);
        Assert.True(counts.Sum() > 0);
    }

    [Fact]
    public async Task Async_bulk_lookup_answers_every_order()
    {
        var until = DateTime.UtcNow + RunFor;
        var workers = Enumerable.Range(0, Workers).Select(w => Task.Run(async () =>
        {
            var answered = 0;
            while (DateTime.UtcNow < until)
            {
                Assert.StartsWith("order", await OrderClient.LookupAsync(w));
                answered++;
            }
            return answered;
        }));
        var counts = await Task.WhenAll(workers);
        Assert.True(counts.Sum() > 0);
    }
}
