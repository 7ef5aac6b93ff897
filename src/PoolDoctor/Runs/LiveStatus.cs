namespace PoolDoctor.Runs;

/// <summary>What the live progress line shows after each counter interval.</summary>
internal sealed record LiveStatus(double Seconds, Model.Verdicts.VerdictKind Verdict, Model.Counters.CounterSample Latest, string Activity);
