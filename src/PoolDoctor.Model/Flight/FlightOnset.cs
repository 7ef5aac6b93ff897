namespace PoolDoctor.Model.Flight;

/// <summary>
/// When the episode began, read off the recorded window: <see cref="QueueGrowingSinceSeconds"/> is the first sample of
/// the run of samples, ending at the trigger, whose queue was above the core count (null when the trigger's own sample
/// was not); <see cref="LastCalmSeconds"/> the sample before that run (null when the whole window was queued);
/// <see cref="FirstStarvationInjectionSeconds"/> the first injection the runtime made for starvation or cooperative
/// blocking in the span; <see cref="FirstWaits"/> the blocking calls seen in the span, earliest first.
/// The span runs from <see cref="SpanFromSeconds"/> (one second before the last calm sample, or the window's start) to the trigger.
/// </summary>
public sealed record FlightOnset(
    double SpanFromSeconds,
    double? LastCalmSeconds,
    double? QueueGrowingSinceSeconds,
    double? FirstStarvationInjectionSeconds,
    IReadOnlyList<FirstWait> FirstWaits);
