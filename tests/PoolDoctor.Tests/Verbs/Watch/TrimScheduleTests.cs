using PoolDoctor.Verbs.Watch;

namespace PoolDoctor.Tests.Verbs.Watch;

public sealed class TrimScheduleTests
{
    private static readonly DateTimeOffset T0 = new(2026, 11, 23, 7, 0, 0, TimeSpan.Zero);

    [Fact]
    public void Due_once_per_period_counted_from_the_first_sample()
    {
        var schedule = new TrimSchedule(TimeSpan.FromMinutes(5));
        var due = Enumerable.Range(0, 16 * 60).Where(s => schedule.Due(T0.AddSeconds(s))).ToList();
        Assert.Equal([300, 600, 900], due);
    }
}
