using System.Globalization;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// Starts the test classes (one collection each) longest first, by the seconds one CI run measured
/// (fixtures/schedule/class-seconds.txt): with three running at a time, a two-minute class started last ran alone for a
/// minute after every other class had finished. Order only: what each test asserts does not depend on it.
/// </summary>
public sealed class LongestFirst : ITestCollectionOrderer
{
    private const double Unlisted = 30;
    private const string Prefix = "Test collection for ";

    public IEnumerable<ITestCollection> OrderTestCollections(IEnumerable<ITestCollection> testCollections)
    {
        var seconds = Measured();
        return testCollections
            .OrderByDescending(c => seconds.GetValueOrDefault(ClassOf(c), Unlisted))
            .ThenBy(c => c.DisplayName, StringComparer.Ordinal);
    }

    private static string ClassOf(ITestCollection collection) =>
        collection.DisplayName.StartsWith(Prefix, StringComparison.Ordinal) ? collection.DisplayName[Prefix.Length..] : collection.DisplayName;

    private static Dictionary<string, double> Measured()
    {
        var path = Path.Combine(AppContext.BaseDirectory, "fixtures", "schedule", "class-seconds.txt");
        var seconds = new Dictionary<string, double>(StringComparer.Ordinal);
        if (!File.Exists(path))
        {
            return seconds;
        }
        foreach (var line in File.ReadLines(path))
        {
            var parts = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (parts.Length == 2 && !line.StartsWith('#') && double.TryParse(parts[1], NumberStyles.Float, CultureInfo.InvariantCulture, out var s))
            {
                seconds[parts[0]] = s;
            }
        }
        return seconds;
    }
}
