using PoolDoctor.Lab.Scenarios;

namespace PoolDoctor.Verbs.Lab;

/// <summary>
/// `lab --list`: the lab's scenario table as tab-separated lines, so scripts (bench/time-to-verdict.sh) take the routes
/// from the one table the lab serves instead of a copy that can drift.
/// </summary>
internal static class LabScenarioList
{
    public const string Header = "host\tpath\tkind\tpool\trun";

    public static void Write(TextWriter output)
    {
        output.WriteLine(Header);
        foreach (var scenario in LabScenarios.All)
        {
            output.WriteLine(Line(scenario));
        }
    }

    /// <summary>
    /// kind: the blocking kind, or <c>healthy</c>; pool: <c>server-sized</c> when the pattern reproduces with a 16-thread
    /// minimum, else <c>default</c>; run: <c>background</c> when one call starts work outside any request, else <c>request</c>.
    /// </summary>
    public static string Line(LabScenario scenario) => string.Join('\t',
        scenario.Host.ToString().ToLowerInvariant(),
        scenario.Path,
        scenario.Kind?.ToString() ?? "healthy",
        scenario.ServerSizedPool ? "server-sized" : "default",
        scenario.BackgroundRun ? "background" : "request");
}
