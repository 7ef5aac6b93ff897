using PoolDoctor.Lab.Scenarios;
using PoolDoctor.Verbs.Lab;

namespace PoolDoctor.Tests.Verbs.Lab;

public class LabScenarioListTests
{
    [Fact]
    public void Every_scenario_of_the_table_is_one_tab_separated_line_after_the_header()
    {
        using var text = new StringWriter();
        LabScenarioList.Write(text);
        var lines = text.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(LabScenarioList.Header, lines[0]);
        Assert.Equal(LabScenarios.All.Count, lines.Length - 1);
        Assert.All(lines, l => Assert.Equal(5, l.Split('\t').Length));
        Assert.Contains("mvc\t/api/diagscenario/taskwait\tSyncOverAsync\tdefault\trequest", lines);
        Assert.Contains("minimal\t/api/minimal/lock\tLock\tserver-sized\trequest", lines);
        Assert.Contains("mvc\t/api/diagscenario/timer/sync\tSyncOverAsync\tdefault\tbackground", lines);
        Assert.Contains("minimal\t/api/minimal/hello\thealthy\tdefault\trequest", lines);
        Assert.Contains(lines, l => l.StartsWith("grpc\t", StringComparison.Ordinal));
    }
}
