namespace PoolDoctor.Model.Verdicts;

public enum VerdictKind
{
    Inconclusive,
    Healthy,
    Starving,
    BlockingCompensated,
    CpuSaturated,
}
