using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Runs;

/// <summary>One interval of a <see cref="PoolWatch"/>: the counters and injections, and the verdict after them.</summary>
internal sealed record PoolInterval(CounterInterval Interval, Verdict Verdict);
