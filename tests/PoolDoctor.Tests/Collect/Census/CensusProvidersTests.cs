using PoolDoctor.Collect.Census;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Tests.Collect.Census;

public sealed class CensusProvidersTests
{
    [Fact]
    public void The_session_asks_for_the_task_waits_announced_before_the_spin_and_no_other_task_event()
    {
        // TaskWaitBegin (10) comes before Task.Wait spins; a wait that ends inside the spin writes no WaitHandleWait
        // event (docs/census.md). The Tasks keyword alone would add an event per task scheduled and run.
        var tpl = Assert.Single(CensusProviders.WithTaskWaits().Providers, p => p.Name == StackSessionProviders.Tpl);

        Assert.NotNull(tpl.EventFilter);
        Assert.Equal([10L, 11L], tpl.EventFilter.EventIds.Select(id => (long)id).Order());
        Assert.True(CensusProviders.WithTaskWaits().RequestStackwalk);
    }

    [Fact]
    public void Without_event_filters_the_task_provider_is_not_asked_for()
    {
        Assert.DoesNotContain(CensusProviders.Configuration().Providers, p => p.Name == StackSessionProviders.Tpl);
    }
}
