using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Targets;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Model.Diagnosis;

/// <summary>When the stacks were captured (seconds from attach) and over how long a window.</summary>
public sealed record StackCapture(double AtSeconds, double WindowSeconds, int ThreadsSeen, int WaitsSeen);
