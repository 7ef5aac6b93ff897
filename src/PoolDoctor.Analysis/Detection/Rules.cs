namespace PoolDoctor.Analysis.Detection;

/// <summary>The names of the rules a verdict can come from, as they appear in <c>Verdict.Rule</c> and docs/detection.md.</summary>
public static class Rules
{
    public const string WarmingUp = "warming-up";
    public const string CpuSaturated = "cpu-saturated";
    public const string StarvationInjections = "starvation-injections";
    public const string StarvationSignature = "starvation-signature";
    public const string QueueNotDraining = "queue-not-draining";
    public const string PersistentQueue = "persistent-queue";
    public const string BlockingCompensated = "blocking-compensated";
    public const string Healthy = "healthy";
}
