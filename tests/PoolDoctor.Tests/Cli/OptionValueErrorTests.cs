using System.Runtime.CompilerServices;
using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

/// <summary>
/// Every option that takes a value, in every verb, given a bad one: one line on stderr that starts with the tool's name
/// and names the option, a non-zero exit (2 for a bad call; 1 for a target or file that is not there), no stack trace,
/// and nothing started. The table is checked against the verb tree, so an option added without a row fails here.
/// </summary>
[Collection(ConsoleCollection.Name)]
public sealed class OptionValueErrorTests
{
    private const int Usage = 2;
    private const int Failed = 1;

    // verb, option (as the tree names it), the command line ({pid}: no such process, {report}: a real report.json),
    // the exit code, and what the line must name.
    private static readonly (string Verb, string Option, string Line, int Code, string Names)[] Rows =
    [
        ("demo", "--scenario", "demo --scenario nope", Usage, "--scenario"),
        ("demo", "--db", "demo --db Host=x --scenario lock", Usage, "--db"),
        ("demo", "--connections", "demo -c 0", Usage, "--connections"),
        ("demo", "--duration", "demo -d 5x", Usage, "--duration"),
        ("demo", "--output", "demo -o {file}", Usage, "--output"),

        ("diagnose", "--process-id", "diagnose -p -5", Usage, "--process-id"),
        ("diagnose", "--process-id", "diagnose -p {pid}", Failed, "no process"),
        ("diagnose", "--name", "diagnose -n no-such-process-pooldoctor", Failed, "no-such-process-pooldoctor"),
        ("diagnose", "--diagnostic-port", "diagnose --dport /tmp/none.sock,sideways", Usage, "--diagnostic-port"),
        ("diagnose", "--attach-timeout", "diagnose --attach-timeout 5x", Usage, "--attach-timeout"),
        ("diagnose", "--duration", "diagnose -p {pid} -d 5x", Usage, "--duration"),
        ("diagnose", "--duration", "diagnose -p {pid} -d 0", Usage, "--duration"),
        ("diagnose", "--min-duration", "diagnose -p {pid} --min-duration 5x", Usage, "--min-duration"),
        ("diagnose", "--baseline", "diagnose -p {pid} --baseline 5x", Usage, "--baseline"),
        ("diagnose", "--output", "diagnose -p {pid} -o {file}", Usage, "--output"),
        ("diagnose", "--user-code", "diagnose -p {pid} --user-code", Usage, "--user-code"),
        ("diagnose", "--load", "diagnose -p {pid} --load ftp://x/", Usage, "--load"),
        ("diagnose", "--connections", "diagnose -p {pid} -c -1", Usage, "--connections"),
        ("diagnose", "--think-time", "diagnose -p {pid} --think-time abc", Usage, "--think-time"),
        ("diagnose", "--method", "diagnose -p {pid} --load http://127.0.0.1:1/ -m", Usage, "--method"),
        ("diagnose", "--header", "diagnose -p {pid} --load http://127.0.0.1:1/ -H bad", Usage, "--header"),
        ("diagnose", "--body", "diagnose -p {pid} --load http://127.0.0.1:1/ --body", Usage, "--body"),
        ("diagnose", "--body-file", "diagnose -p {pid} --load http://127.0.0.1:1/ --body-file /nonexistent-pooldoctor/b.json", Usage, "--body-file"),
        ("diagnose", "--grpc-message-hex", "diagnose -p {pid} --grpc --grpc-message-hex zz", Usage, "--grpc-message-hex"),
        ("diagnose", "--grpc-message-hex", "diagnose -p {pid} --grpc-message-hex 00", Usage, "--grpc-message-hex"),
        ("diagnose", "--fail-on", "diagnose -p {pid} --fail-on sometimes", Usage, "--fail-on"),
        ("diagnose", "--junit", "diagnose -p {pid} --junit /nonexistent-pooldoctor/x.xml", Usage, "--junit"),
        ("diagnose", "--child", "diagnose -p {pid} --child x", Usage, "--child"),
        ("diagnose", "--process-id", "diagnose -p {pid} -- dotnet x.dll", Usage, "not both"),

        ("compare", "--connections", "compare http://127.0.0.1:1/a -c 0", Usage, "--connections"),
        ("compare", "--duration", "compare http://127.0.0.1:1/a -d 5x", Usage, "--duration"),
        ("compare", "--timeout", "compare http://127.0.0.1:1/a --timeout 0", Usage, "--timeout"),
        ("compare", "--think-time", "compare http://127.0.0.1:1/a --think-time abc", Usage, "--think-time"),
        ("compare", "--method", "compare http://127.0.0.1:1/a -m", Usage, "--method"),
        ("compare", "--header", "compare http://127.0.0.1:1/a -H bad", Usage, "--header"),
        ("compare", "--body", "compare http://127.0.0.1:1/a --body", Usage, "--body"),
        ("compare", "--body-file", "compare http://127.0.0.1:1/a --body-file /nonexistent-pooldoctor/b.json", Usage, "--body-file"),
        ("compare", "--grpc-message-hex", "compare http://127.0.0.1:1/a --grpc --grpc-message-hex zz", Usage, "--grpc-message-hex"),
        ("compare", "--process-id", "compare http://127.0.0.1:1/a -p 0", Usage, "--process-id"),
        ("compare", "--name", "compare http://127.0.0.1:1/a -p 1 -n x", Usage, "--name"),
        ("compare", "--diagnostic-port", "compare http://127.0.0.1:1/a --dport /tmp/none.sock,sideways", Usage, "--diagnostic-port"),
        ("compare", "--attach-timeout", "compare http://127.0.0.1:1/a --attach-timeout 5x", Usage, "--attach-timeout"),
        ("compare", "--child", "compare http://127.0.0.1:1/a --child x", Usage, "--child"),
        ("compare", "--format", "compare http://127.0.0.1:1/a --format xml", Usage, "--format"),

        ("load", "--connections", "load http://127.0.0.1:1/ -c 0", Usage, "--connections"),
        ("load", "--duration", "load http://127.0.0.1:1/ -d 5x", Usage, "--duration"),
        ("load", "--requests", "load http://127.0.0.1:1/ -n 0", Usage, "--requests"),
        ("load", "--timeout", "load http://127.0.0.1:1/ --timeout 5x", Usage, "--timeout"),
        ("load", "--rate", "load http://127.0.0.1:1/ -r -1", Usage, "--rate"),
        ("load", "--method", "load http://127.0.0.1:1/ -m", Usage, "--method"),
        ("load", "--header", "load http://127.0.0.1:1/ -H bad", Usage, "--header"),
        ("load", "--body", "load http://127.0.0.1:1/ --body", Usage, "--body"),
        ("load", "--body-file", "load http://127.0.0.1:1/ -m POST --body-file /nonexistent-pooldoctor/b.json", Usage, "--body-file"),
        ("load", "--think-time", "load http://127.0.0.1:1/ --think-time abc", Usage, "--think-time"),
        ("load", "--grpc-message-hex", "load http://127.0.0.1:1/ --grpc --grpc-message-hex zz", Usage, "--grpc-message-hex"),
        ("load", "--format", "load http://127.0.0.1:1/ --format xml", Usage, "--format"),

        ("lab", "--urls", "lab --urls notaurl", Usage, "--urls"),
        ("lab", "--grpc-urls", "lab --grpc-urls notaurl", Usage, "--grpc-urls"),
        ("lab", "--db", "lab --db", Usage, "--db"),

        ("counters", "--process-id", "counters -p -1", Usage, "--process-id"),
        ("counters", "--name", "counters -n no-such-process-pooldoctor", Failed, "no-such-process-pooldoctor"),
        ("counters", "--diagnostic-port", "counters --dport /tmp/none.sock,sideways", Usage, "--diagnostic-port"),
        ("counters", "--attach-timeout", "counters --attach-timeout 5x", Usage, "--attach-timeout"),
        ("counters", "--format", "counters -p {pid} --format xml", Usage, "--format"),
        ("counters", "--duration", "counters -p {pid} --duration 5x", Usage, "--duration"),
        ("counters", "--refresh-interval", "counters -p {pid} --refresh-interval soon", Usage, "--refresh-interval"),
        ("counters", "--counters", "counters -p {pid} --counters nope", Usage, "--counters"),

        ("detect", "--process-id", "detect -p {pid}", Failed, "no process"),
        ("detect", "--name", "detect -n no-such-process-pooldoctor", Failed, "no-such-process-pooldoctor"),
        ("detect", "--diagnostic-port", "detect --dport /tmp/none.sock,sideways", Usage, "--diagnostic-port"),
        ("detect", "--attach-timeout", "detect --attach-timeout 5x", Usage, "--attach-timeout"),
        ("detect", "--timeout", "detect -p {pid} --timeout 5x", Usage, "--timeout"),
        ("detect", "--format", "detect -p {pid} --format xml", Usage, "--format"),

        ("watch", "--process-id", "watch -p {pid}", Failed, "no process"),
        ("watch", "--name", "watch -p 1 -n x", Usage, "--name"),
        ("watch", "--diagnostic-port", "watch --dport /tmp/none.sock,sideways", Usage, "--diagnostic-port"),
        ("watch", "--attach-timeout", "watch --attach-timeout 5x", Usage, "--attach-timeout"),
        ("watch", "--reports", "watch -p {pid} --reports {file}", Usage, "--reports"),
        ("watch", "--cooldown", "watch -p {pid} --cooldown 5x", Usage, "--cooldown"),
        ("watch", "--keep", "watch -p {pid} --keep 0", Usage, "--keep"),
        ("watch", "--trigger", "watch -p {pid} --trigger nonsense", Usage, "--trigger"),
        ("watch", "--metrics", "watch -p {pid} --metrics 70000", Usage, "--metrics"),
        ("watch", "--otlp", "watch -p {pid} --otlp ftp://x", Usage, "--otlp"),
        ("watch", "--duration", "watch -p {pid} --duration 5x", Usage, "--duration"),
        ("watch", "--flight-recorder", "watch -p {pid} --flight-recorder 1s", Usage, "--flight-recorder"),
        ("watch", "--dump", "watch -p {pid} --dump huge", Usage, "--dump"),
        ("watch", "--user-code", "watch -p {pid} --user-code", Usage, "--user-code"),

        ("stacks", "--process-id", "stacks -p {pid}", Failed, "no process"),
        ("stacks", "--name", "stacks -n no-such-process-pooldoctor", Failed, "no-such-process-pooldoctor"),
        ("stacks", "--diagnostic-port", "stacks --dport /tmp/none.sock,sideways", Usage, "--diagnostic-port"),
        ("stacks", "--attach-timeout", "stacks --attach-timeout 5x", Usage, "--attach-timeout"),
        ("stacks", "--duration", "stacks -p {pid} --duration 0", Usage, "--duration"),
        ("stacks", "--output", "stacks -p {pid} -o /nonexistent-pooldoctor/x", Usage, "--output"),
        ("stacks", "--user-code", "stacks -p {pid} --user-code", Usage, "--user-code"),
        ("stacks", "--format", "stacks -p {pid} --format xml", Usage, "--format"),

        ("analyze", "--symbols", "analyze {file} --symbols /nonexistent-pooldoctor", Failed, "--symbols"),
        ("analyze", "--user-code", "analyze {file} --user-code", Usage, "--user-code"),
        ("analyze", "--format", "analyze {file} --format xml", Usage, "--format"),

        ("dump", "--process-id", "dump -p {pid}", Failed, "no process"),
        ("dump", "--name", "dump -n no-such-process-pooldoctor", Failed, "no-such-process-pooldoctor"),
        ("dump", "--diagnostic-port", "dump --dport /tmp/none.sock,sideways", Usage, "--diagnostic-port"),
        ("dump", "--attach-timeout", "dump --attach-timeout 5x", Usage, "--attach-timeout"),
        ("dump", "--output", "dump -p {pid} -o /tmp", Usage, "--output"),
        ("dump", "--type", "dump -p {pid} --type huge", Usage, "--type"),

        ("fix", "--project", "fix {report} --project /nonexistent-pooldoctor/App.csproj", Failed, "--project"),
        ("fix", "--culprit", "fix {report} --culprit 0", Usage, "--culprit"),
        ("fix", "--finding", "fix {report} --finding 0", Usage, "--finding"),
        ("fix", "--finding", "fix {report} --finding 1 --culprit 1", Usage, "--finding"),
        ("fix", "--finding", "fix {report} --finding 2", Failed, "--finding 2"),
        ("fix", "--output", "fix {report} -o /nonexistent-pooldoctor/x.diff", Usage, "--output"),
        ("fix", "--stop-gap-as", "fix {report} --stop-gap --stop-gap-as yaml", Usage, "--stop-gap-as"),
        ("fix", "--min-threads", "fix {report} --stop-gap --min-threads 0", Usage, "--min-threads"),
        ("fix", "--load", "fix {report} --load http://127.0.0.1:1/", Usage, "--load"),
        ("fix", "--connections", "fix {report} --verify --load http://127.0.0.1:1/ -c 0 -- dotnet x.dll", Usage, "--connections"),
        ("fix", "--duration", "fix {report} --verify --load http://127.0.0.1:1/ -d 5x -- dotnet x.dll", Usage, "--duration"),
        ("fix", "--timeout", "fix {report} --verify --load http://127.0.0.1:1/ --timeout 5x -- dotnet x.dll", Usage, "--timeout"),
        ("fix", "--child", "fix {report} --child x", Usage, "--child"),

        ("census", "--format", "census --format xml -- dotnet x.dll", Usage, "--format"),
        ("census", "--output", "census -o /nonexistent-pooldoctor/c.json -- dotnet x.dll", Usage, "--output"),
        ("census", "--junit", "census --junit /nonexistent-pooldoctor/j.xml -- dotnet x.dll", Usage, "--junit"),
        ("census", "--baseline", "census --baseline /nonexistent-pooldoctor/b.json -- dotnet x.dll", Usage, "--baseline"),
        ("census", "--growth", "census --growth abc -- dotnet x.dll", Usage, "--growth"),
        ("census", "--user-code", "census --user-code", Usage, "--user-code"),
        ("census", "--traces", "census --traces {file} -- dotnet x.dll", Usage, "--traces"),
    ];

    public static TheoryData<string, string, string, int, string> Cases()
    {
        var data = new TheoryData<string, string, string, int, string>();
        foreach (var row in Rows)
        {
            data.Add(row.Verb, row.Option, row.Line, row.Code, row.Names);
        }
        return data;
    }

    [Fact]
    public void Every_option_that_takes_a_value_has_a_row()
    {
        var options = CliApp.BuildRoot().Subcommands
            .SelectMany(verb => verb.Options
                .Where(o => !o.Hidden && o.ValueType != typeof(bool) && o.Name is not "--help" and not "--version")
                .Select(o => $"{verb.Name} {o.Name}"))
            .ToList();
        var covered = Rows.Select(r => $"{r.Verb} {r.Option}").ToHashSet(StringComparer.Ordinal);

        Assert.NotEmpty(options);
        var missing = options.Where(o => !covered.Contains(o)).ToList();
        Assert.True(missing.Count == 0, "no row for: " + string.Join(", ", missing));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task A_bad_value_is_one_line_naming_it_and_a_non_zero_exit(string verb, string option, string line, int code, string names)
    {
        var file = Path.GetTempFileName();
        try
        {
            var args = line.Split(' ').Select(a => a
                .Replace("{pid}", MissingPid().ToString(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal)
                .Replace("{file}", file, StringComparison.Ordinal)
                .Replace("{report}", ReportJson(), StringComparison.Ordinal)).ToArray();

            var (exit, stderr) = await ConsoleCapture.RunAsync(args);

            var lines = stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.True(lines.Length == 1, $"{verb} {option}: expected one line, got:\n{stderr}");
            Assert.StartsWith("dotnet-pooldoctor: error: ", lines[0], StringComparison.Ordinal);
            Assert.Contains(names, lines[0], StringComparison.Ordinal);
            Assert.DoesNotContain("Exception", lines[0], StringComparison.Ordinal);
            Assert.Equal(code, exit);
        }
        finally
        {
            File.Delete(file);
        }
    }

    // A pid no process has now: the highest free one below the kernel's limit.
    private static int MissingPid()
    {
        var limit = int.TryParse(File.ReadAllText("/proc/sys/kernel/pid_max").Trim(), out var max) ? max : 32768;
        for (var pid = limit - 1; pid > 1; pid--)
        {
            if (!Directory.Exists($"/proc/{pid}"))
            {
                return pid;
            }
        }
        throw new InvalidOperationException("no free pid");
    }

    private static string ReportJson([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "snapshots", "report.json"));
}
