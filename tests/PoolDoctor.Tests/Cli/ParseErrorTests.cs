using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

/// <summary>
/// A bad command line gets one line naming the first problem and pointing at the verb's help, exit 2; never a program
/// started, a CLR type name or System.CommandLine's multi-line suggestions.
/// </summary>
[Collection(ConsoleCollection.Name)]
public sealed class ParseErrorTests
{
    [Theory]
    [InlineData("diagnose --no-such-option -d 3s", "unknown option '--no-such-option' (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("diagnose -d 3s --no-such-option -- dotnet app.dll", "unknown option '--no-such-option' (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("compare --bogus http://127.0.0.1:1/a", "unknown option '--bogus' (see 'dotnet-pooldoctor compare --help')")]
    [InlineData("stacks -p 1 --bogus", "unknown option '--bogus' (see 'dotnet-pooldoctor stacks --help')")]
    [InlineData("no-such-verb", "unknown verb 'no-such-verb' (verbs: demo, diagnose, compare, load, lab, ps, counters, detect, watch, stacks, analyze, dump, fix, census) (see 'dotnet-pooldoctor --help')")]
    [InlineData("diagnos -p 1", "unknown verb 'diagnos' (did you mean 'diagnose'?) (see 'dotnet-pooldoctor --help')")]
    [InlineData("stacks -p 1 --format csv", "--format: 'csv' is not one of text, json, speedscope, html (see 'dotnet-pooldoctor stacks --help')")]
    [InlineData("analyze x.nettrace --format csv", "--format: 'csv' is not one of text, json, speedscope, html (see 'dotnet-pooldoctor analyze --help')")]
    [InlineData("counters -p abc", "--process-id: 'abc' is not a whole number (see 'dotnet-pooldoctor counters --help')")]
    [InlineData("diagnose -p 1 --fail-on sometimes", "--fail-on: 'sometimes' is not one of starving, blocking, any (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("load http://127.0.0.1:1/ -c many", "--connections: 'many' is not a whole number (see 'dotnet-pooldoctor load --help')")]
    [InlineData("load http://127.0.0.1:1/ -r fast", "--rate: 'fast' is not a number (see 'dotnet-pooldoctor load --help')")]
    [InlineData("stacks -p", "--process-id: needs a value (see 'dotnet-pooldoctor stacks --help')")]
    [InlineData("stacks -p 1 -p 2", "--process-id: given 2 times ('1', '2'); give it once (see 'dotnet-pooldoctor stacks --help')")]
    [InlineData("diagnose -d 3s -d 4s -p 1", "--duration: given 2 times ('3s', '4s'); give it once (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("load http://127.0.0.1:1/ -c 2 -c 3", "--connections: given 2 times ('2', '3'); give it once (see 'dotnet-pooldoctor load --help')")]
    [InlineData("stacks -p 1 --dport /tmp/x.sock", "give only one of -p/--process-id, -n/--name and --diagnostic-port/--dport (see 'dotnet-pooldoctor stacks --help')")]
    [InlineData("diagnose foo", "unexpected argument 'foo': to launch a command, put it after -- (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("diagnose -p 1 foo -- dotnet app.dll", "unexpected argument 'foo': to launch a command, put it after -- (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("diagnose -p 1 -m POST", "-m/--method, -H/--header, --body and --body-file shape the --load requests: give a --load URL (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("diagnose -p 1 --baseline 2s", "--baseline delays the --load: give a --load URL (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("diagnose --load http://127.0.0.1:1/ -d 5s --baseline 5s -- dotnet app.dll", "--baseline (5s) must be shorter than --duration (5s): the load runs in what is left (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("diagnose -p 1 --show-child-io", "--show-child-io needs a command after '--' (see 'dotnet-pooldoctor diagnose --help')")]
    [InlineData("compare http://127.0.0.1:1/a --show-child-io", "--show-child-io needs a command after '--' (see 'dotnet-pooldoctor compare --help')")]
    [InlineData("counters -p 1 --format xml", "--format: 'xml' is not one of text, json, csv (see 'dotnet-pooldoctor counters --help')")]
    [InlineData("counters -p 1 --refresh-interval 50ms", "--refresh-interval: '50ms' is under 0.1 s (see 'dotnet-pooldoctor counters --help')")]
    [InlineData("counters -p 1 --refresh-interval soon", "--refresh-interval: 'soon' is not a duration (examples: 30s, 500ms, 2m, 00:01:00) (see 'dotnet-pooldoctor counters --help')")]
    [InlineData("counters -p 1 --format json --counters cpu-usage", "--counters picks text or csv columns; --format json always writes every key (see 'dotnet-pooldoctor counters --help')")]
    [InlineData("counters -p 1 --counters cpu,queue", "--counters: unknown counter 'cpu' (one of threadpool-thread-count, threadpool-queue-length, threadpool-completed-items-count, cpu-usage, runnable-pool-threads, queue-delay-p50, queue-delay-p99, queue-delay-max, monitor-lock-contention-count, gc-heap-size, thread-injections) (see 'dotnet-pooldoctor counters --help')")]
    public async Task A_bad_call_is_one_line_naming_the_problem_and_the_verbs_help(string commandLine, string expected)
    {
        var (code, stderr) = await ConsoleCapture.RunAsync(commandLine.Split(' '));

        Assert.Equal(ExitCodes.Usage, code);
        Assert.Equal($"dotnet-pooldoctor: error: {expected}", stderr.TrimEnd('\n', '\r'));
    }

    [Fact]
    public async Task Verb_help_names_its_placeholders_and_the_command_after_the_double_dash()
    {
        var (code, stdout, _) = await ConsoleCapture.RunWithOutputAsync(["diagnose", "--help"]);

        Assert.Equal(ExitCodes.Ok, code);
        Assert.Contains("dotnet-pooldoctor diagnose [options] [-- COMMAND ARGS...]", stdout);
        Assert.Contains("  -- COMMAND ARGS...  ", stdout);
        foreach (var placeholder in new[] { "--process-id <PID>", "--diagnostic-port, --dport <PORT>", "--output <FILE.json>", "--junit <FILE>", "--load <URL>", "--fail-on <starving|blocking|any>" })
        {
            Assert.Contains(placeholder, stdout);
        }
        foreach (var old in new[] { "<process-id>", "<load>", "<junit>", "<command>" })
        {
            Assert.DoesNotContain(old, stdout);
        }
    }

    [Fact]
    public async Task Help_wins_over_a_missing_argument()
    {
        var (code, stdout, stderr) = await ConsoleCapture.RunWithOutputAsync(["compare", "-h"]);

        Assert.Equal(ExitCodes.Ok, code);
        Assert.Equal("", stderr);
        Assert.Contains("dotnet-pooldoctor compare [NAME=]URL... [options] [-- COMMAND ARGS...]", stdout);
    }
}
