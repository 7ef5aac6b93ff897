using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Tests.Runs;

public sealed class LaunchedChildTests
{
    [Theory]
    [InlineData(new[] { "dotnet", "test" }, "testhost*")]
    [InlineData(new[] { "/usr/share/dotnet/dotnet", "TEST", "MyTests.csproj", "--no-build" }, "testhost*")]
    [InlineData(new[] { "dotnet", "MyService.dll" }, null)]
    [InlineData(new[] { "dotnet", "run", "--project", "src/Api" }, null)]
    [InlineData(new[] { "./test" }, null)]
    [InlineData(new[] { "/opt/app/MyService", "test" }, null)]
    public void Dotnet_test_is_followed_to_its_testhost_and_anything_else_is_the_target_itself(string[] command, string? expected) =>
        Assert.Equal(expected, LaunchedChild.PatternFor(command, given: null));

    [Fact]
    public void A_child_named_on_the_command_line_wins() =>
        Assert.Equal("MyApi", LaunchedChild.PatternFor(["dotnet", "test"], " MyApi "));

    [Theory]
    [InlineData("")]
    [InlineData("*")]
    public void A_child_pattern_that_names_nothing_is_a_usage_error(string given) =>
        Assert.Throws<UsageException>(() => LaunchedChild.PatternFor(["dotnet", "run"], given));

    [Theory]
    [InlineData("testhost", "testhost*", true)]
    [InlineData("testhost.x86", "testhost*", true)]
    [InlineData("TestHost", "testhost", true)]
    [InlineData("testhost", "testhos", false)]
    [InlineData("MyApi", "testhost*", false)]
    public void Child_names_match_whole_or_by_a_trailing_star(string name, string pattern, bool expected) =>
        Assert.Equal(expected, ProcessCatalog.PatternMatches(name, pattern));

    [Theory]
    [InlineData("1295 (.NET Debugger) S 1274 1274 1 0", 1274)]
    [InlineData("77 (a) b) R 1 77 1 0", 1)]
    [InlineData("garbage", null)]
    public void The_parent_is_field_4_even_when_the_name_has_spaces_and_parentheses(string stat, int? expected) =>
        Assert.Equal(expected, ProcFs.ParseParentId(stat));

    [Fact]
    public void A_started_child_is_a_descendant()
    {
        using var sleep = System.Diagnostics.Process.Start("sleep", "10");
        try
        {
            Assert.Contains(sleep.Id, ProcFs.Descendants(Environment.ProcessId));
            Assert.Equal(Environment.ProcessId, ProcFs.ParentId(sleep.Id));
        }
        finally
        {
            sleep.Kill();
            sleep.WaitForExit();
        }
    }

    [Theory]
    [InlineData("   at Microsoft.Extensions.Hosting.Internal.Host.StartAsync(CancellationToken cancellationToken)", true)]
    [InlineData("--- End of stack trace from previous location ---", false)]
    [InlineData("   --- End of stack trace from previous location ---", true)]
    [InlineData("Unhandled exception. System.IO.IOException: Failed to bind to address http://127.0.0.1:5000: address already in use.", false)]
    [InlineData("at the start", false)]
    public void The_kept_output_of_a_launched_app_leaves_out_stack_frames(string line, bool frame) =>
        Assert.Equal(frame, LaunchedTarget.IsStackFrame(line));
}
