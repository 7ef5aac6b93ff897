using System.Globalization;
using Xunit.Abstractions;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// Starts the test classes (one collection each) longest first, by the seconds one CI run measured
/// (fixtures/schedule/class-seconds.txt): with three running at a time, a two-minute class started last ran alone for a
/// minute after every other class had finished. A class fixture's time (fixtures/schedule/fixture-seconds.txt) is added
/// to its tests': ShortFuzzTests' fuzz run of 55 s, invisible in a TRX, left it alone at the end of every run. Order
/// only: what each test asserts does not depend on it.
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
        var seconds = new Dictionary<string, double>(StringComparer.Ordinal);
        foreach (var file in new[] { "class-seconds.txt", "fixture-seconds.txt" })
        {
            var path = Path.Combine(AppContext.BaseDirectory, "fixtures", "schedule", file);
            if (!File.Exists(path))
            {
                continue;
            }
            foreach (var line in File.ReadLines(path))
            {
                var parts = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
                if (parts.Length == 2 && !line.StartsWith('#') && double.TryParse(parts[1], NumberStyles.Float, CultureInfo.InvariantCulture, out var s))
                {
                    seconds[parts[0]] = seconds.GetValueOrDefault(parts[0]) + s;
                }
            }
        }
        return seconds;
    }
}
