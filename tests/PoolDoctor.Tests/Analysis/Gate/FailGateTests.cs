using System.Xml.Linq;
using PoolDoctor.Analysis.Gate;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Gate;

public class FailGateTests
{
    private static readonly Culprit Blocker = new("Repo.Load", BlockingKind.SyncOverAsync, "Task.Result", 20, 0.8, []);
    private static readonly Culprit Noise = new("Cache.Get", BlockingKind.Lock, "Monitor.Enter", 1, 0.02, []);

    [Theory]
    [InlineData(FailOn.Starving, VerdictKind.Starving, false, true)]
    [InlineData(FailOn.Starving, VerdictKind.BlockingCompensated, true, false)]
    [InlineData(FailOn.Starving, VerdictKind.Healthy, false, false)]
    [InlineData(FailOn.Blocking, VerdictKind.BlockingCompensated, false, true)]
    [InlineData(FailOn.Blocking, VerdictKind.Healthy, true, true)]
    [InlineData(FailOn.Blocking, VerdictKind.CpuSaturated, false, false)]
    [InlineData(FailOn.Any, VerdictKind.CpuSaturated, false, true)]
    [InlineData(FailOn.Any, VerdictKind.Healthy, false, false)]
    [InlineData(FailOn.Any, VerdictKind.Inconclusive, false, false)]
    public void Each_policy_fails_on_what_it_names(FailOn policy, VerdictKind verdict, bool withBlocker, bool fails)
    {
        Culprit[] culprits = withBlocker ? [Blocker, Noise] : [Noise];
        Assert.Equal(fails, FailGate.Fails(policy, verdict, culprits));
        Assert.EndsWith(fails ? "fails" : "passes", FailGate.Explain(policy, verdict, culprits));
    }

    [Fact]
    public void JUnit_summary_is_valid_xml_with_the_failure_and_hostile_names_escaped()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"), targetName: "<svc>&\"x\"");
        var xml = JUnitWriter.Write(report, failed: true, "verdict Starving; --fail-on starving fails");

        Assert.StartsWith("<?xml version=\"1.0\" encoding=\"utf-8\"?>", xml);
        var suite = XDocument.Parse(xml).Root!.Element("testsuite")!;
        Assert.Equal("1", suite.Attribute("failures")!.Value);
        var failure = suite.Element("testcase")!.Element("failure")!;
        Assert.Equal("verdict Starving; --fail-on starving fails", failure.Attribute("message")!.Value);
        Assert.Contains("<svc>&\"x\"", failure.Value);
    }
}
