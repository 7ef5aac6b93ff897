using System.Net;
using System.Net.Sockets;
using PoolDoctor.Cli;
using PoolDoctor.Fix;
using PoolDoctor.Fix.Diff;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Fix.Trees;
using PoolDoctor.Runs.Variants;
using PoolDoctor.Runs.Verify;

namespace PoolDoctor.Verbs.Demo;

/// <summary>
/// The demo's last step: the fix of the culprit it just diagnosed, as a diff of the lab's source, and that fix verified
/// (the patched copy of samples/DiagnosticScenarios + src/PoolDoctor.Lab built in Release and loaded as the demo loaded
/// the original). The lab's source is found from the culprit's source path (the PDB's), so it runs where the tool was
/// built from a checkout; an installed tool without the source says so and ends there. The checkout is only read.
/// </summary>
internal static class DemoFix
{
    private static readonly string HostProject = Path.Combine("samples", "DiagnosticScenarios", "DiagnosticScenarios.csproj");

    public static async Task RunAsync(IToolConsole console, string reportJson, VariantResult diagnosed, int connections, TimeSpan duration, LiveStatusLine? status, Action<string> say, CancellationToken cancellation)
    {
        var culprit = ReportReader.Pick(ReportReader.Read(reportJson), 1, reportJson);
        if (culprit.Site.File is null || LabHost(culprit.Site.File) is not { } project)
        {
            console.Out.WriteLine($"Fix: the lab's source ({culprit.Site.File ?? "no source path in the report"}) is not on this machine, so there is no fix to show (the demo of a checkout shows it).");
            return;
        }
        var plan = await SourceFixer.PlanAsync(reportJson, new FixOptions { ProjectPath = project }, cancellation);
        if (plan.Refusal is { } refusal)
        {
            console.Out.WriteLine($"Fix: refused: {refusal}");
            return;
        }
        var root = ProjectTree.RootAbove(Path.GetDirectoryName(project)!);
        var edits = plan.ChangedFiles.Select(f => new FileEdit(f.Path, f.OldText, f.NewText)).ToList();
        console.Out.WriteLine();
        console.Out.WriteLine($"The fix ({plan.Culprit}; `fix report.json --project {Path.GetRelativePath(root, project)}` writes it, here applied to a copy of the lab's source):");
        console.Out.Write(EditDiff.Write(edits, root));
        var port = FreeLoopbackPort();
        var url = new Uri($"http://127.0.0.1:{port}{new Uri(diagnosed.Row.Url).PathAndQuery}");
        var compare = new CompareOptions(
            [new Variant(VerifyRun.After, url)], connections, duration, duration, Target: null,
            ["dotnet", Path.Combine("bin", "Release", "net10.0", "DiagnosticScenarios.dll"), "--urls", $"http://127.0.0.1:{port}"], Child: null);
        var result = await VerifyRun.RunAsync(new VerifyRequest(project, edits, compare) { KnownBefore = diagnosed }, status, say, cancellation);
        status?.Clear();
        console.Out.WriteLine();
        VerifyText.Write(console.Out, result);
    }

    /// <summary>The lab's host project in the checkout above the culprit's file, or null.</summary>
    internal static string? LabHost(string culpritFile)
    {
        for (var folder = Path.GetDirectoryName(culpritFile); folder is not null; folder = Path.GetDirectoryName(folder))
        {
            var project = Path.Combine(folder, HostProject);
            if (File.Exists(project))
            {
                return project;
            }
        }
        return null;
    }

    // A port the patched lab binds by number (the verify load needs its URL before it starts): free when asked.
    private static int FreeLoopbackPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
