namespace PoolDoctor.Lab.Database;

public static class LabDatabaseDefaults
{
    public static readonly TimeSpan QueryDelay = TimeSpan.FromMilliseconds(500);

    /// <summary>The environment variable that supplies a PostgreSQL connection string when --db is not given.</summary>
    public const string ConnectionStringVariable = "POOLDOCTOR_DB";

    /// <summary>
    /// Seconds each PostgreSQL query sleeps instead of <see cref="QueryDelay"/> (e.g. 1, as the articles' WAITFOR DELAY
    /// '00:00:01'; bench/article-five-variants.sh sets it). Read once when the lab starts; a value that is not a number
    /// from 0 to 60 is ignored.
    /// </summary>
    public const string QueryDelayVariable = "POOLDOCTOR_DB_QUERY_DELAY";

    public static TimeSpan PostgresQueryDelay(string? text) =>
        double.TryParse(text, System.Globalization.NumberStyles.AllowDecimalPoint, System.Globalization.CultureInfo.InvariantCulture, out var seconds)
        && seconds is >= 0 and <= 60
            ? TimeSpan.FromSeconds(seconds)
            : QueryDelay;
}
