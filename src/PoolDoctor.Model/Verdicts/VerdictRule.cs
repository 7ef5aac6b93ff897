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

/// <summary>A rule's name as reports and terminals print it: the JSON name above.</summary>
public static class VerdictRuleNames
{
    public static string Name(this VerdictRule rule) => rule.JsonName();
}
