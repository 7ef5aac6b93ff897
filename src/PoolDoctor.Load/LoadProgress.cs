namespace PoolDoctor.Load;

/// <summary>A snapshot reported a few times per second while a run is going.</summary>
public readonly record struct LoadProgress(TimeSpan Elapsed, TimeSpan Duration, long Responses, long Errors, long? RequestLimit)
{
    /// <summary>0..1, by time or by count, whichever is further along.</summary>
    public double Fraction
    {
        get
        {
            var byTime = Duration > TimeSpan.Zero ? Elapsed / Duration : 0;
            var byCount = RequestLimit is > 0 and var limit ? (Responses + Errors) / (double)limit : 0;
            return Math.Clamp(Math.Max(byTime, byCount), 0, 1);
        }
    }
}
