using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

/// <summary>`dump` and `analyze` of a dump say they are alive: the size so far and the seconds, on stderr.</summary>
public sealed class ProgressLineTests
{
    [Fact]
    public async Task Redirected_it_logs_plain_lines_with_the_size_so_far()
    {
        var (error, text) = Writer();
        var size = 0L;
        await using (ProgressLine.Start("writing the heap dump to app.core", () => Interlocked.Read(ref size), error, terminal: false, TimeSpan.FromMilliseconds(20)))
        {
            Interlocked.Exchange(ref size, 3 * 1024 * 1024);
            await WaitForAsync(() => Snapshot(error, text).Contains("3.0 MB", StringComparison.Ordinal));
        }

        var lines = Snapshot(error, text).Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.All(lines, l => Assert.Matches(@"^dotnet-pooldoctor: writing the heap dump to app\.core: \d+\.\d MB, \d+ s$", l));
        Assert.DoesNotContain('\r', Snapshot(error, text));
    }

    [Fact]
    public async Task On_a_terminal_it_redraws_one_line_and_erases_it_at_the_end()
    {
        var (error, text) = Writer();
        await using (ProgressLine.Start("reading the dump app.core (700 MB)", () => null, error, terminal: true, TimeSpan.FromMilliseconds(20)))
        {
            await WaitForAsync(() => Snapshot(error, text).Split('\r').Length > 3);
        }

        var written = Snapshot(error, text);
        Assert.DoesNotContain('\n', written);
        // The seconds are whatever the clock said at the first tick: a loaded test host may tick late.
        Assert.Matches(@"^\rreading the dump app\.core \(700 MB\): \d+ s", written);
        Assert.EndsWith("\r", written);
        Assert.Equal("", written.Split('\r')[^2].Trim());
    }

    [Fact]
    public void A_missing_file_has_no_size_yet()
    {
        Assert.Null(ProgressLine.FileSize(Path.Combine(Path.GetTempPath(), $"pooldoctor-none-{Guid.NewGuid():N}"))());
        Assert.Equal("writing: 1.5 MB, 2 s", ProgressLine.Format("writing", 1536 * 1024, TimeSpan.FromSeconds(2.4)));
    }

    private static (TextWriter Synchronized, StringWriter Text) Writer()
    {
        var text = new StringWriter();
        return (TextWriter.Synchronized(text), text);
    }

    // TextWriter.Synchronized locks on itself, so holding that lock reads between two writes.
    private static string Snapshot(TextWriter writer, StringWriter text)
    {
        lock (writer)
        {
            return text.ToString();
        }
    }

    private static async Task WaitForAsync(Func<bool> condition)
    {
        var until = DateTime.UtcNow + TimeSpan.FromSeconds(10);
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < until, "no progress line within 10 s");
            await Task.Delay(10);
        }
    }
}
