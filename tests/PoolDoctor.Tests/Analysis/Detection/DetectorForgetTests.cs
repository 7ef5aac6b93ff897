using PoolDoctor.Analysis.Detection;
using PoolDoctor.Model.Counters;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>`watch` bounds the detector's series with <see cref="StarvationDetector.Forget"/>; verdicts must not change.</summary>
public sealed class DetectorForgetTests
{
    [Theory]
    [InlineData("taskwait")]
    [InlineData("lock")]
    [InlineData("taskasyncwait")]
    [InlineData("cpu")]
    public void A_bounded_series_gives_the_verdicts_of_the_whole_one(string name)
    {
        var series = CounterFixtures.Load("load-verb/" + name);
        var whole = StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores);
        var bounded = new StarvationDetector(series.Cores);
        var pending = new Queue<InjectionEvent>(series.Injections.OrderBy(i => i.Seconds));
        var kept = 0;
        for (var i = 0; i < series.Samples.Count; i++)
        {
            var sample = series.Samples[i];
            while (pending.Count > 0 && pending.Peek().Seconds <= sample.Seconds)
            {
                bounded.Add(pending.Dequeue());
            }
            Assert.Equal(whole[i].Kind, bounded.Add(sample).Kind);
            bounded.Forget(sample.Seconds - 10);
            kept = Math.Max(kept, bounded.Samples.Count);
        }
        Assert.True(series.Samples.Count > 15, "the fixture is longer than the kept window");
        Assert.InRange(kept, 1, 12);
    }
}
