using System.CommandLine;
using PoolDoctor.Cli.Options;
using PoolDoctor.Fix.StopGap;
using PoolDoctor.Runs.Variants;

namespace PoolDoctor.Verbs.Fix;

/// <summary>The options of `fix` and the checks between them; <see cref="Read"/> turns a parse into a <see cref="FixRequest"/>.</summary>
internal sealed class FixVerbOptions
{
    private readonly Option<FileSystemInfo?> _project = new("--project") { HelpName = "PATH", Description = "The .csproj, .sln or .slnx that builds the culprit's code (default: the project above the report's source file); for --stop-gap and --verify, the app's .csproj (the one that starts the service)." };
    private readonly Option<int?> _culprit = new("--culprit") { HelpName = "N", Description = "Which culprit of the report to fix, as numbered in it (default: 1, the first)." };
    private readonly Option<int?> _finding = new("--finding") { HelpName = "N", Description = "Given a census.json: which of its findings to fix, as numbered in it (default: 1, the first)." };
    private readonly Option<FileInfo?> _output = PathOptions.OutputFile("--output", ["-o"], "FILE.diff", "Write the unified diff to this file instead of stdout.", "fix.diff");
    private readonly Option<bool> _apply = new("--apply") { Description = "Edit the source files in place (after the patched project compiles)." };
    private readonly Option<bool> _rename = new("--rename") { Description = "Add the Async suffix to the methods that become async (callers follow; entries keep their names)." };
    private readonly Option<bool> _stopGap = new("--stop-gap") { Description = "Also write the report's MinThreads stop-gap (a palliative, beside the fix, never instead of it)." };
    private readonly Option<string> _stopGapAs = new("--stop-gap-as") { HelpName = "FORM", Description = "Where the stop-gap goes: runtimeconfig (runtimeconfig.template.json), msbuild (<ThreadPoolMinThreads> in the .csproj) or code (ThreadPool.SetMinThreads at start-up).", DefaultValueFactory = _ => "runtimeconfig" };
    private readonly Option<int?> _minThreads = new("--min-threads") { HelpName = "N", Description = "With --stop-gap: write this MinThreads instead of the report's." };
    private readonly Option<bool> _verify = new("--verify") { Description = "Copy the project to a temporary folder, patch the copy, build the original and the patched copy in Release and run each under the same load (--load, and the command after '--'); exit 0 when the fix helped, 3 when it did not." };
    private readonly Option<string?> _load = new("--load") { HelpName = "URL", Description = "With --verify: the URL to load (the command after '--' must serve it)." };
    private readonly Option<int> _connections = ConnectionsOption.Create("With --verify: concurrent connections.");
    private readonly DurationOption _duration = DurationOption.Create("--duration", ["-d"], "With --verify: how long to load each build.", defaultText: "10s");
    private readonly DurationOption _timeout = DurationOption.Create("--timeout", [], "With --verify: per-request timeout; requests still in flight at the end get this long to finish.", defaultText: "10s");
    private readonly ChildOptions _children = new(
        "With --verify: watch the process below the command with this name (e.g. the app 'dotnet run' starts).",
        "With --verify: stream each started command's output to stderr.");

    public void AddTo(Command command)
    {
        foreach (var option in new Option[] { _project, _culprit, _finding, _output, _apply, _rename, _stopGap, _stopGapAs, _minThreads, _verify, _load, _connections, _duration.Option, _timeout.Option, _children.Child, _children.ShowChildIo })
        {
            command.Options.Add(option);
        }
    }

    public FixRequest Read(ParseResult parse, string report, IReadOnlyList<string> launch)
    {
        var culprit = parse.GetValue(_culprit);
        if (culprit < 1)
        {
            throw new UsageException($"--culprit {culprit}: culprits are numbered from 1");
        }
        var finding = parse.GetValue(_finding);
        if (finding < 1)
        {
            throw new UsageException($"--finding {finding}: findings are numbered from 1");
        }
        if (culprit is not null && finding is not null)
        {
            throw new UsageException("--culprit picks a report's culprit, --finding a census's finding: give one");
        }
        var stopGap = parse.GetValue(_stopGap);
        var form = StopGapForms.Parse(parse.GetValue(_stopGapAs)!) ?? throw new UsageException($"--stop-gap-as: '{parse.GetValue(_stopGapAs)}' is not {StopGapForms.Names}");
        if (!stopGap && parse.GetResult(_stopGapAs) is { Implicit: false })
        {
            throw new UsageException("--stop-gap-as needs --stop-gap");
        }
        var minThreads = parse.GetValue(_minThreads);
        if (minThreads is not null && !stopGap)
        {
            throw new UsageException("--min-threads needs --stop-gap");
        }
        if (minThreads is < 1 or > 32767)
        {
            throw new UsageException($"--min-threads: must be 1..32767 (got {minThreads})");
        }
        // A project that is not there is a missing input (exit 1), as a missing report is, so it is checked here.
        var project = parse.GetValue(_project);
        if (project is { Exists: false })
        {
            throw new RunFailedException($"--project: no such file '{project}'");
        }
        var verify = parse.GetValue(_verify);
        var apply = parse.GetValue(_apply);
        if (apply && parse.GetValue(_output) is not null)
        {
            throw new UsageException("--apply edits the files; -o writes the diff: give one");
        }
        if (apply && verify)
        {
            throw new UsageException("--verify never writes to your tree; run --apply after it");
        }
        VerifySettings? settings = null;
        if (verify)
        {
            settings = ReadVerify(parse, launch);
        }
        else if (launch.Count > 0 || parse.GetValue(_load) is not null)
        {
            throw new UsageException("--load and a command after '--' need --verify");
        }
        else if (new Option[] { _connections, _duration.Option, _timeout.Option, _children.Child, _children.ShowChildIo }.FirstOrDefault(o => parse.GetResult(o) is { Implicit: false }) is { } unused)
        {
            // Said rather than ignored: a user who gave it expects it to act.
            throw new UsageException($"{unused.Name} needs --verify");
        }
        return new FixRequest(report, project?.ToString(), culprit, finding, parse.GetValue(_output)?.ToString(), apply, parse.GetValue(_rename), stopGap ? form : null, minThreads, settings);
    }

    private VerifySettings ReadVerify(ParseResult parse, IReadOnlyList<string> launch)
    {
        var load = parse.GetValue(_load) ?? throw new UsageException("--verify needs --load URL (the URL the command's app serves)");
        if (launch.Count == 0)
        {
            throw new UsageException("--verify needs the command that runs a build after '--' (e.g. -- dotnet bin/Release/net10.0/App.dll)");
        }
        var connections = parse.GetValue(_connections);
        var variant = Variant.Parse(load);
        var compare = new CompareOptions(
            [variant],
            connections,
            _duration.ReadOrDefault(parse),
            _timeout.ReadOrDefault(parse),
            Target: null,
            launch,
            LaunchedChild.PatternFor(launch, parse.GetValue(_children.Child)));
        return new VerifySettings(compare, parse.GetValue(_children.ShowChildIo));
    }
}
