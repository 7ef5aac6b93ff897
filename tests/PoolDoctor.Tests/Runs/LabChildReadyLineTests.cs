using PoolDoctor.Lab;
using PoolDoctor.Verbs.Demo;

namespace PoolDoctor.Tests.Runs;

/// <summary>The demo's lab binds port 0; the port it got is read back from the lab's ready line.</summary>
public sealed class LabChildReadyLineTests
{
    [Fact]
    public void The_first_address_on_the_ready_line_gives_the_port()
    {
        var line = $"{LabApp.ReadyPrefix}http://127.0.0.1:41873 http://127.0.0.1:41875 (database: embedded, pid 12)";

        Assert.Equal(41873, LabChild.ReadyPort(line));
    }

    [Theory]
    [InlineData("info: Microsoft.Hosting.Lifetime[14] Now listening on: http://127.0.0.1:41873")]
    [InlineData("")]
    [InlineData(LabApp.ReadyPrefix + "(database: embedded, pid 12)")]
    [InlineData(LabApp.ReadyPrefix + "http://127.0.0.1:0 (database: embedded, pid 12)")]
    public void Any_other_line_gives_no_port(string line)
    {
        Assert.Null(LabChild.ReadyPort(line));
    }
}
