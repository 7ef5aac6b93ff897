using PoolDoctor.Collect.Stacks.Nettrace;

namespace PoolDoctor.Tests.Collect.Stacks;

/// <summary>
/// The reader streams: a block's bytes are held only until the events it queued are delivered (at the next sorted event
/// or sequence point), and every block goes back to the pool by the end. These short captures have no sequence point
/// before their end, so they are held whole until then; a long trace's peak is measured in bench/RESULTS.md.
/// </summary>
public sealed class NettraceStreamingTests
{
    [Theory]
    [InlineData("fixtures/shopapi/orders.nettrace.gz")]
    [InlineData("fixtures/release/mvc-customers-42.nettrace.gz")]
    public void Gives_every_block_back_by_the_end(string fixture)
    {
        var bytes = StackFixtures.Expand(Path.Combine(AppContext.BaseDirectory, fixture));
        var events = new StackTraceEvents(new StackTable());

        var parser = NettraceParser.Parse(new MemoryStream(bytes, writable: false), events, events.Stacks);

        Assert.NotEmpty(events.Rows);
        Assert.Equal(0, parser.HeldBlockBytes);
        Assert.InRange(parser.PeakBlockBytes, 1, 2L * bytes.Length);
    }
}
