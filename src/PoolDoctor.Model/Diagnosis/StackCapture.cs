namespace PoolDoctor.Model.Diagnosis;

/// <summary>When the stacks were captured (seconds from attach) and over how long a window.</summary>
public sealed record StackCapture(double AtSeconds, double WindowSeconds, int ThreadsSeen, int WaitsSeen)
{
    /// <summary>Threads the capture saw serving an ASP.NET Core request (by its request events); 0 for a target without
    /// them, where entries come from the stacks alone; null when not counted.</summary>
    public int? RequestThreads { get; init; }
}
