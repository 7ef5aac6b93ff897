using System.CommandLine;
using System.Diagnostics;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Lab.Scenarios;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Compare;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Runs.Variants;

namespace PoolDoctor.Verbs.Demo;

/// <summary>
/// `demo`: the whole loop on the lab, started as a child process. Load a blocking endpoint and diagnose it (verdict,
/// culprit, advice), then load its fixed twin on a fresh lab and print the before/after table; write report.html.
/// `--db CONNSTR` runs the five database variants against PostgreSQL instead. The lab is always killed at the end.
/// </summary>
internal static class DemoCommand
{
    internal static Command Create(IToolConsole console)
    {
        var blockingRoutes = LabScenarios.Blocking(LabHost.Mvc).Select(s => s.Route).ToList();
        var scenario = new Option<string>("--scenario")
        {
            HelpName = "SCENARIO",
            Description = "The blocking lab endpoint to diagnose: " + string.Join(", ", blockingRoutes) + ".",
            DefaultValueFactory = _ => "taskwait",
        };
        var db = new Option<string?>("--db") { HelpName = "CONNSTR", Description = "PostgreSQL connection string: run the five db/* variants against it and print their table." };
        var connections = ConnectionsOption.Create("Concurrent connections.");
        var duration = DurationOption.Create("--duration", ["-d"], "How long to load each variant.", defaultText: "10s");
        var output = ReportPath.Option();
        var fix = new Option<bool>("--fix") { Description = "End with the culprit's fix as a diff of the lab's source, verified on a patched copy built in Release (needs the source checkout; adds a build and a load)." };
        var command = new Command("demo", "Run the whole loop on the built-in lab: reproduce, load, detect, name the culprit, advise, verify with a before/after table.")
        {
            scenario,
            db,
            connections,
            duration.Option,
            output,
            fix,
        };
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var route = parse.GetValue(scenario)!.Trim().Trim('/');
            var connectionString = parse.GetValue(db);
            if (LabScenarios.Find(LabHost.Mvc, route) is not { FixedTwin: { } twin, Blocking: true })
            {
                throw new UsageException($"--scenario: '{route}' is not a blocking lab endpoint; pick one of {string.Join(", ", blockingRoutes)}");
            }
            if (connectionString is not null && parse.GetResult(scenario) is { Implicit: false })
            {
                throw new UsageException("--db runs the five db/* variants; it does not combine with --scenario");
            }
            var count = parse.GetValue(connections);
            var plan = connectionString is null
                ? new DemoPlan([route, twin], null)
                : new DemoPlan(LabScenarios.DatabaseVariants, connectionString);
            var reportPath = parse.GetValue(output) ?? ReportPath.Default;
            return await RunAsync(console, plan, count, duration.ReadOrDefault(parse), reportPath,
                fix: connectionString is null && parse.GetValue(fix), cancellation);
        });
        return command;
    }

    private sealed record DemoPlan(IReadOnlyList<string> Routes, string? ConnectionString);

    private static async Task<RunEnd> RunAsync(IToolConsole console, DemoPlan plan, int connections, TimeSpan duration, ReportPath reportPath, bool fix, CancellationToken cancellation)
    {
        var clock = Stopwatch.StartNew();
        var started = DateTimeOffset.UtcNow;
        var status = LiveStatusLine.ForTerminal(console);
        var rows = new List<CompareRow>();
        VariantResult? diagnosed = null;
        Model.Targets.TargetProcess? diagnosedTarget = null;
        var interrupted = false;
        try
        {
            foreach (var route in plan.Routes)
            {
                // A fresh lab per variant: threads injected for the previous one would inflate this one's figures. The request
                // timeout equals the load's duration so a starving variant cannot stretch the demo: unanswered requests show as errors.
                await using var lab = await LabChild.StartAsync(plan.ConnectionString, cancellation);
                await lab.WarmUpAsync(route, cancellation);
                await using var attached = await AttachedTarget.AttachAsync(lab.Spec, cancellation);
                var variant = new Variant(route, lab.Url(route));
                var diagnose = diagnosed is null;
                console.Out.WriteLine($"[{clock.Elapsed.TotalSeconds,4:0}s] {route}: lab pid {lab.ProcessId}, {connections} connections for {duration.TotalSeconds:0} s{(diagnose ? ", diagnosing" : "")}");
                // The report's clock starts with the diagnosed variant's watch, so its samples and its load share one UTC axis.
                var watchStarted = DateTimeOffset.UtcNow;
                var result = await VariantRunner.RunAsync(variant, connections, duration, duration, attached, captureStacks: diagnose, status, cancellation,
                    notice: text => Stderr.Note(console, text));
                status?.Clear();
                rows.Add(result.Row);
                if (diagnose)
                {
                    diagnosed = result;
                    started = watchStarted;
                    diagnosedTarget = attached.Process;
                    WriteDiagnosis(console, result, attached.Process, started, connections);
                }
                if (cancellation.IsCancellationRequested)
                {
                    interrupted = true;
                    break;
                }
            }
        }
        catch (OperationCanceledException) when (cancellation.IsCancellationRequested)
        {
            interrupted = true;
        }
        status?.Clear();

        if (diagnosed?.Watch is { } watch)
        {
            var outcome = interrupted && !watch.IsPartial ? watch with { End = DiagnoseLoopEnd.Interrupted, EndMessage = "the demo was interrupted (Ctrl+C)" } : watch;
            var report = DiagnoseReportBuilder.Build(diagnosedTarget!, started, outcome, rows, loadConcurrency: connections) with { Load = diagnosed.Driven(connections) };
            var (json, html) = await ReportFileWriter.WriteAsync(report, reportPath);
            console.Out.WriteLine();
            console.Out.WriteLine("Before / after:");
            console.Out.Write(CompareTableWriter.Text(rows));
            console.Out.WriteLine();
            console.Out.WriteLine($"Report: {html} (data: {json})");
            if (fix && !interrupted)
            {
                await DemoFix.RunAsync(console, json, diagnosed, connections, duration, status, line =>
                {
                    status?.Clear();
                    console.Error.WriteLine(line);
                }, cancellation);
            }
        }
        console.Out.WriteLine($"Demo finished in {clock.Elapsed.TotalSeconds:0} s.");
        if (interrupted)
        {
            return RunEnd.Interrupted("interrupted; the lab was stopped");
        }
        return RunEnd.Ok;
    }

    // The demo drives a closed loop of `connections`: the blocked work's demand for the stop-gap is that many threads.
    private static void WriteDiagnosis(IToolConsole console, VariantResult result, Model.Targets.TargetProcess target, DateTimeOffset started, int connections)
    {
        if (result.Watch is { } watch)
        {
            // The diagnosis alone, printed as soon as it is known; the table follows once the other variants ran.
            ReportTerminalWriter.Write(TerminalConsole.Create(console), DiagnoseReportBuilder.Build(target, started, watch, loadConcurrency: connections));
        }
    }
}
