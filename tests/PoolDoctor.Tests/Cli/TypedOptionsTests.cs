using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Dumps;
using PoolDoctor.Load;

namespace PoolDoctor.Tests.Cli;

/// <summary>
/// The common options (Cli/Options) are typed and checked while parsing, in every verb that has them; the help still
/// prints their defaults as a user types them.
/// </summary>
[Collection(ConsoleCollection.Name)]
public sealed class TypedOptionsTests
{
    // Option name → the types it may have (FILE/DIR options are one or the other, by verb).
    private static readonly Dictionary<string, Type[]> Expected = new(StringComparer.Ordinal)
    {
        ["--duration"] = [typeof(TimeSpan)],
        ["--timeout"] = [typeof(TimeSpan)],
        ["--cooldown"] = [typeof(TimeSpan)],
        ["--refresh-interval"] = [typeof(TimeSpan)],
        ["--connections"] = [typeof(int)],
        ["--process-id"] = [typeof(int?)],
        ["--output"] = [typeof(FileInfo), typeof(ReportPath)],
        ["--junit"] = [typeof(FileInfo)],
        ["--reports"] = [typeof(DirectoryInfo)],
        ["--dump"] = [typeof(DumpKind?)],
        ["--type"] = [typeof(DumpKind?)],
        ["--think-time"] = [typeof(ThinkTime)],
        ["--grpc-message-hex"] = [typeof(byte[])],
    };

    [Fact]
    public void Every_verb_declares_the_common_options_typed()
    {
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var verb in CliApp.BuildRoot().Subcommands)
        {
            foreach (var option in verb.Options.Where(o => Expected.ContainsKey(o.Name)))
            {
                Assert.True(Expected[option.Name].Contains(option.ValueType), $"{verb.Name} {option.Name} is {option.ValueType.Name}");
                seen[option.Name] = seen.GetValueOrDefault(option.Name) + 1;
            }
        }
        // The walk did reach them: --duration is in eight verbs, -p in seven, --connections in five.
        Assert.Equal(8, seen["--duration"]);
        Assert.Equal(7, seen["--process-id"]);
        Assert.Equal(5, seen["--connections"]);
        Assert.Equal(typeof(Uri[]), CliApp.BuildRoot(["diagnose"]).Subcommands[0].Options.Single(o => o.Name == "--load").ValueType);
    }

    [Fact]
    public void A_duration_reads_typed_with_its_default_and_is_checked_against_the_verbs_maximum()
    {
        var duration = DurationOption.Create("--duration", ["-d"], "How long.", defaultText: "10s", maximum: TimeSpan.FromHours(1));
        var command = new RootCommand { duration.Option };

        Assert.Equal(TimeSpan.FromMilliseconds(500), duration.Read(command.Parse(["-d", "500ms"])));
        Assert.Equal(TimeSpan.FromSeconds(10), duration.Read(command.Parse([])));
        Assert.Equal("How long. [default: 10s]", duration.Option.Description);
        var tooLong = command.Parse(["-d", "2h"]);
        Assert.Equal("--duration: '2h' must be more than 0 and at most 1h", Assert.Single(tooLong.Errors).Message);
    }

    [Fact]
    public void A_duration_without_a_default_is_null_when_not_given()
    {
        var duration = DurationOption.Create("--duration", [], "Stop after this long.");
        var command = new RootCommand { duration.Option };

        Assert.Null(duration.Read(command.Parse([])));
        Assert.Equal(TimeSpan.FromMinutes(2), duration.Read(command.Parse(["--duration", "2m"])));
    }

    [Theory]
    [InlineData("diagnose", "-d, --duration <DURATION>", "[default: 60s]")]
    [InlineData("stacks", "--duration <DURATION>", "[default: 1s]")]
    [InlineData("watch", "--cooldown <DURATION>", "[default: 10m]")]
    [InlineData("watch", "--reports <DIR>", "[default: pooldoctor-reports]")]
    [InlineData("counters", "--refresh-interval <SECONDS>", "[default: 1]")]
    [InlineData("dump", "--type <mini|heap|full|triage>", "[default: full]")]
    public async Task Help_prints_a_typed_default_as_a_user_types_it(string verb, string option, string shown)
    {
        var (code, stdout, _) = await ConsoleCapture.RunWithOutputAsync([verb, "--help"]);

        Assert.Equal(ExitCodes.Ok, code);
        var line = Assert.Single(stdout.Split('\n'), l => l.TrimStart().StartsWith(option, StringComparison.Ordinal));
        Assert.EndsWith(shown, line.TrimEnd());
        Assert.DoesNotContain("00:0", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_path_that_is_no_path_is_one_line_not_an_exception()
    {
        var (code, stderr) = await ConsoleCapture.RunAsync(["stacks", "-p", "1", "-o", ""]);

        Assert.Equal(ExitCodes.Usage, code);
        Assert.Equal("dotnet-pooldoctor: error: --output: '' is not a path (see 'dotnet-pooldoctor stacks --help')", stderr.TrimEnd('\n', '\r'));
    }
}
