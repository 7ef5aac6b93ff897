using PoolDoctor.Verbs.Watch;

namespace PoolDoctor.Tests.Verbs.Watch;

public sealed class EpisodeGateTests
{
    private static readonly DateTimeOffset T0 = new(2026, 11, 23, 3, 0, 0, TimeSpan.Zero);

    private static DateTimeOffset At(double seconds) => T0.AddSeconds(seconds);

    [Fact]
    public void One_report_per_episode_and_none_within_the_cooldown()
    {
        var gate = new EpisodeGate(cooldown: TimeSpan.FromMinutes(10), calm: TimeSpan.FromSeconds(10));
        Assert.Equal(EpisodeStep.None, gate.Add(false, At(0)));
        Assert.Equal(EpisodeStep.BeganReport, gate.Add(true, At(1)));
        // Starving for a minute: still the same episode.
        for (var s = 2; s < 60; s++)
        {
            Assert.Equal(EpisodeStep.None, gate.Add(true, At(s)));
        }
        // A flicker shorter than the calm time does not end it.
        Assert.Equal(EpisodeStep.None, gate.Add(false, At(60)));
        Assert.Equal(EpisodeStep.None, gate.Add(true, At(65)));
        for (var s = 66; s < 76; s++)
        {
            Assert.Equal(EpisodeStep.None, gate.Add(false, At(s)));
        }
        Assert.Equal(EpisodeStep.Ended, gate.Add(false, At(76)));
        // A second episode five minutes after the report: inside the 10-minute cooldown.
        Assert.Equal(EpisodeStep.BeganInCooldown, gate.Add(true, At(300)));
        for (var s = 301; s <= 311; s++)
        {
            gate.Add(false, At(s));
        }
        Assert.False(gate.InEpisode);
        // After the cooldown, a new episode reports again.
        Assert.Equal(EpisodeStep.BeganReport, gate.Add(true, At(700)));
    }

    [Fact]
    public void A_new_target_starts_outside_an_episode_but_keeps_the_cooldown()
    {
        var gate = new EpisodeGate(TimeSpan.FromMinutes(1), TimeSpan.FromSeconds(10));
        Assert.Equal(EpisodeStep.BeganReport, gate.Add(true, At(0)));
        gate.Reset();
        Assert.Equal(EpisodeStep.BeganInCooldown, gate.Add(true, At(5)));
        gate.Reset();
        Assert.Equal(EpisodeStep.BeganReport, gate.Add(true, At(61)));
    }
}
