using System.Text.Json.Serialization;

namespace PoolDoctor.Model.Verdicts;

/// <summary>The rule a verdict came from (docs/detection.md); its JSON and text name is the kebab-case one.</summary>
public enum VerdictRule
{
    [JsonStringEnumMemberName("warming-up")] WarmingUp,
    [JsonStringEnumMemberName("cpu-saturated")] CpuSaturated,
    [JsonStringEnumMemberName("starvation-injections")] StarvationInjections,
    [JsonStringEnumMemberName("starvation-signature")] StarvationSignature,
    [JsonStringEnumMemberName("queue-not-draining")] QueueNotDraining,
    [JsonStringEnumMemberName("persistent-queue")] PersistentQueue,
    [JsonStringEnumMemberName("blocking-compensated")] BlockingCompensated,
    [JsonStringEnumMemberName("healthy")] Healthy,
}

/// <summary>A rule's name as reports and terminals print it.</summary>
public static class VerdictRuleNames
{
    public static string Name(this VerdictRule rule) => rule switch
    {
        VerdictRule.WarmingUp => "warming-up",
        VerdictRule.CpuSaturated => "cpu-saturated",
        VerdictRule.StarvationInjections => "starvation-injections",
        VerdictRule.StarvationSignature => "starvation-signature",
        VerdictRule.QueueNotDraining => "queue-not-draining",
        VerdictRule.PersistentQueue => "persistent-queue",
        VerdictRule.BlockingCompensated => "blocking-compensated",
        VerdictRule.Healthy => "healthy",
        _ => throw new ArgumentOutOfRangeException(nameof(rule), rule, null),
    };
}
