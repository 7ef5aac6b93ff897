namespace PoolDoctor.Verbs.Counters;

/// <summary>`counters --format`: `OutputFormat`'s two plus csv (one row per interval, as dotnet-counters can write).</summary>
internal enum CountersFormat
{
    Text,
    Json,
    Csv,
}
