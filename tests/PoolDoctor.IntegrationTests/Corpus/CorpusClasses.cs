using PoolDoctor.Lab.Scenarios;

namespace PoolDoctor.IntegrationTests.Corpus;

// The corpus in four classes of about two minutes each, so the integration run can hold them side by side; the cases
// and their checks are CorpusCases'.

public sealed class MinimalBlockingCorpusTests
{
    public static TheoryData<LabHost, string> Cases => CorpusCases.BlockingScenarios(h => h == LabHost.Minimal);

    [Theory]
    [MemberData(nameof(Cases))]
    public Task A_blocking_pattern_is_diagnosed_with_its_call_site_kind_and_entry(LabHost host, string route) =>
        CorpusCases.A_blocking_pattern_is_diagnosed_with_its_call_site_kind_and_entry(host, route);
}

public sealed class MvcBlockingCorpusTests
{
    public static TheoryData<LabHost, string> Cases => CorpusCases.BlockingScenarios(h => h != LabHost.Minimal);

    [Theory]
    [MemberData(nameof(Cases))]
    public Task A_blocking_pattern_is_diagnosed_with_its_call_site_kind_and_entry(LabHost host, string route) =>
        CorpusCases.A_blocking_pattern_is_diagnosed_with_its_call_site_kind_and_entry(host, route);
}

public sealed class MvcHealthyCorpusTests
{
    public static TheoryData<LabHost, string> Cases => CorpusCases.HealthyScenarios(h => h == LabHost.Mvc);

    [Theory]
    [MemberData(nameof(Cases))]
    public Task A_healthy_route_never_reads_as_starving_and_names_no_culprit(LabHost host, string route) =>
        CorpusCases.A_healthy_route_never_reads_as_starving_and_names_no_culprit(host, route);
}

public sealed class MinimalHealthyCorpusTests
{
    public static TheoryData<LabHost, string> Cases => CorpusCases.HealthyScenarios(h => h != LabHost.Mvc);

    [Theory]
    [MemberData(nameof(Cases))]
    public Task A_healthy_route_never_reads_as_starving_and_names_no_culprit(LabHost host, string route) =>
        CorpusCases.A_healthy_route_never_reads_as_starving_and_names_no_culprit(host, route);
}
