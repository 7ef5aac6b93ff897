using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

/// <summary>The one place a run's end becomes an exit code: every kind's code and its line on stderr.</summary>
public sealed class RunEndExitsTests
{
    // RunEnd is internal, so the theory takes an index into this table.
    private static readonly (RunEnd End, int Code, string Line)[] Ends =
    [
        (RunEnd.Ok, 0, ""),
        (RunEnd.Failed("the command exited with code 1"), 1, "dotnet-pooldoctor: error: the command exited with code 1"),
        (new RunEnd(RunEndKind.Usage, "--format: 'csv' is not one of text, json"), 2, "dotnet-pooldoctor: error: --format: 'csv' is not one of text, json"),
        (RunEnd.GateFailed(), 3, ""),
        (RunEnd.Interrupted("interrupted; partial report written"), 130, "dotnet-pooldoctor: interrupted; partial report written"),
        (RunEnd.Interrupted(), 130, ""),
    ];

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    public void Each_end_has_its_exit_code_and_at_most_one_line(int index)
    {
        var (end, code, line) = Ends[index];
        using var stderr = new StringWriter();
        var exit = RunEndExits.Exit(stderr, end);

        Assert.Equal(code, exit);
        Assert.Equal(line, stderr.ToString().TrimEnd('\n', '\r'));
    }

    [Fact]
    public void Exceptions_map_to_the_same_ends()
    {
        Assert.Equal(new RunEnd(RunEndKind.Usage, "bad (see 'dotnet-pooldoctor stacks --help')"), RunEndExits.From(new UsageException("bad"), "see 'dotnet-pooldoctor stacks --help'"));
        Assert.Equal(RunEndKind.Interrupted, RunEndExits.From(new OperationCanceledException(), null).Kind);
        Assert.Equal(RunEnd.Failed("no such process 42"), RunEndExits.From(new AggregateException(new RunFailedException("no such process\n42")), null));
    }
}
