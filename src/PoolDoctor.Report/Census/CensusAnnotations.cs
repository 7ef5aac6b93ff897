using PoolDoctor.Model.Census;

namespace PoolDoctor.Report.Census;

/// <summary>
/// GitHub Actions workflow commands (`::warning file=F,line=L,title=T::message`), one per finding, so the run's summary
/// and the pull request's diff show each on its line. Property values and messages are escaped as the runner expects.
/// </summary>
public static class CensusAnnotations
{
    public static void Write(TextWriter text, CensusResult census)
    {
        foreach (var f in census.Findings)
        {
            var properties = new List<string>();
            if (CensusLocation.File(f) is { } file)
            {
                properties.Add($"file={Property(file.Replace('\\', '/'))}");
                if (f.Site.Line is { } line)
                {
                    properties.Add($"line={line}");
                }
            }
            properties.Add($"title={Property($"pool thread blocked: {f.Api}")}");
            text.WriteLine($"::warning {string.Join(",", properties)}::{Message(CensusLocation.Message(f))}");
        }
    }

    internal static string Message(string value) =>
        value.Replace("%", "%25").Replace("\r", "%0D").Replace("\n", "%0A");

    internal static string Property(string value) =>
        Message(value).Replace(":", "%3A").Replace(",", "%2C");
}
