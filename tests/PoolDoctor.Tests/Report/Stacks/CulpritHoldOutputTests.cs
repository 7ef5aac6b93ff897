using System.Text;
using System.Text.Json;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Report.Stacks;

/// <summary>A culprit's <c>hold</c> in report.json (written, read back, absent when untimed) and its English line.</summary>
public sealed class CulpritHoldOutputTests
{
    private static Culprit Loop(CulpritHold? hold) =>
        new("PriceSyncService.Poll", BlockingKind.Sleep, "Thread.Sleep", 1, 0.33, CulpritFrame.Named(["Thread.Sleep", "PriceSyncService.Poll"])) { Hold = hold };

    [Fact]
    public void The_hold_is_written_and_reads_back_as_the_same_facts()
    {
        var hold = new CulpritHold(1, 1, 0, false, 1.242, HoldPattern.Permanent);

        var json = JsonDocument.Parse(Written(Loop(hold))).RootElement;

        Assert.Equal("Permanent", json.GetProperty("hold").GetProperty("pattern").GetString());
        Assert.Equal(hold, CulpritJsonReader.Read(json).Hold);
    }

    [Fact]
    public void Untimed_culprits_have_no_hold_key_and_read_back_without_one()
    {
        var json = JsonDocument.Parse(Written(Loop(null))).RootElement;

        Assert.False(json.TryGetProperty("hold", out _));
        Assert.Null(CulpritJsonReader.Read(json).Hold);
    }

    [Fact]
    public void Only_a_permanent_blocker_gets_a_line_and_it_counts_its_threads()
    {
        var permanent = Loop(new CulpritHold(2, 2, 0, false, 1.0, HoldPattern.Permanent)) with { Threads = 2 };
        var growing = Loop(new CulpritHold(1, 4, 3, true, 1.0, HoldPattern.Growing));

        Assert.Contains("holds 2 pool threads permanently", CulpritLines.Describe(permanent).Single(l => l.StartsWith("holds", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.DoesNotContain(CulpritLines.Describe(growing), l => l.StartsWith("holds", StringComparison.Ordinal));
        Assert.Null(CulpritHoldText.Of(Loop(null)));
    }

    private static string Written(Culprit culprit)
    {
        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream))
        {
            CulpritJson.Write(json, culprit);
        }
        return Encoding.UTF8.GetString(stream.ToArray());
    }
}
