namespace PoolDoctor.Model.Flight;

/// <summary>
/// The flight recorder's bounds: it keeps at most <see cref="WindowSeconds"/> of evidence and, whatever the rate, at
/// most <see cref="MaxWaits"/> wait events, <see cref="MaxSamples"/> counter samples and <see cref="MaxInjections"/>
/// injection events; the oldest go first. <see cref="MaxWaitsPerSecond"/> is the wait rate above which the wait
/// session switches itself off (the events would cost the target too much), for <see cref="RestSeconds"/>.
/// </summary>
public sealed record FlightLimits(double WindowSeconds)
{
    public const int MaxWaits = 8_192;
    public const int MaxSamples = 1_200;
    public const int MaxInjections = 1_024;
    public const int MaxWaitsPerSecond = 2_000;
    public const double RestSeconds = 30;

    /// <summary>Upper bound of the longest window the option takes.</summary>
    public static readonly TimeSpan MaxWindow = TimeSpan.FromMinutes(10);

    /// <summary>
    /// What the rings can hold at most, in bytes, on 64-bit .NET: each item is an object behind an 8-byte slot; a wait
    /// event 32 bytes (a unit test measures it), a sample at most 160 with its queue delay, an injection 40. About 1.7 MB.
    /// </summary>
    public const long MaxBytes = MaxWaits * (32 + 8) + MaxSamples * (160 + 8) + MaxInjections * (40 + 8);
}
