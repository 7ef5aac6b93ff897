using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Tests.Collect.Attach;

public class StacklessSessionTests
{
    [Fact]
    public void Dropping_the_filters_for_an_older_runtime_keeps_everything_else_of_each_provider()
    {
        var arguments = new Dictionary<string, string> { ["EventCounterIntervalSec"] = "0.5" };
        var providers = new[]
        {
            new EventPipeProvider("System.Runtime", EventLevel.Informational, 0, arguments),
            new EventPipeProvider("Microsoft-Windows-DotNETRuntime", EventLevel.Verbose, 0x10000, null, new EventPipeProviderEventFilter(true, [55u])),
        };

        var old = StacklessSession.WithoutFilters(providers);

        Assert.Equal(2, old.Count);
        Assert.Same(providers[0], old[0]);
        Assert.Null(old[1].EventFilter);
        Assert.Equal(("Microsoft-Windows-DotNETRuntime", EventLevel.Verbose, 0x10000L), (old[1].Name, old[1].EventLevel, old[1].Keywords));
        Assert.Equal(arguments, old[0].Arguments);
    }
}
