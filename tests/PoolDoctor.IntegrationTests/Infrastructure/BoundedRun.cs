using System.Globalization;
using System.Text.RegularExpressions;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// A run of the tool whose first wait is timed by the tool itself (POOLDOCTOR_TIMING=1): from its first bounded wait
/// (`wait` mark) to its `exit` mark. A bound counts from the first wait, and on a loaded CI machine the start of a .NET process
/// alone can take seconds, so the wall-clock time of the whole run would test the machine, not the bound.
/// </summary>
public static partial class BoundedRun
{
    public static async Task<(ToolResult Result, TimeSpan Waited)> RunAsync(string[] args)
    {
        var result = await ToolRun.RunAsync(args, TimeSpan.FromSeconds(60), new Dictionary<string, string> { ["POOLDOCTOR_TIMING"] = "1" });
        // A run refused before any wait (a folder that does not exist) is timed from the end of parsing.
        var timeline = Timeline().Match(result.StdErr) is { Success: true } waited ? waited : Unwaited().Match(result.StdErr);
        Assert.True(timeline.Success, $"no timeline with a first wait and an exit:\n{result}");
        var span = TimeSpan.FromSeconds(double.Parse(timeline.Groups["exit"].Value, CultureInfo.InvariantCulture) - double.Parse(timeline.Groups["wait"].Value, CultureInfo.InvariantCulture));
        var stderr = string.Join('\n', result.StdErr.Split('\n').Where(l => !l.StartsWith("timeline:", StringComparison.Ordinal)));
        return (result with { StdErr = stderr }, span);
    }

    [GeneratedRegex(@"^timeline:.* wait=(?<wait>[0-9.]+).* exit=(?<exit>[0-9.]+)", RegexOptions.Multiline)]
    private static partial Regex Timeline();

    [GeneratedRegex(@"^timeline:.* parsed=(?<wait>[0-9.]+).* exit=(?<exit>[0-9.]+)", RegexOptions.Multiline)]
    private static partial Regex Unwaited();
}
