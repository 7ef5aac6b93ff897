using System.Text;
using System.Text.Json;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Report.Stacks;

/// <summary>`heldAcross` is an added culprit key: written for a lock whose holder blocks, absent otherwise (no key renamed).</summary>
public sealed class HeldAcrossJsonTests
{
    private static JsonElement Written(Culprit culprit)
    {
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer))
        {
            CulpritJson.Write(json, culprit);
        }
        return JsonDocument.Parse(Encoding.UTF8.GetString(buffer.ToArray())).RootElement;
    }

    [Fact]
    public void A_lock_held_across_a_sleep_writes_heldAcross_beside_its_own_api()
    {
        var convoy = new Culprit("DiagScenarioController.LockConvoy", BlockingKind.Lock, "Lock.Enter", 16, 0.66, []) { HeldAcross = "Thread.Sleep" };

        var json = Written(convoy);

        Assert.Equal("Lock", json.GetProperty("kind").GetString());
        Assert.Equal("Lock.Enter", json.GetProperty("api").GetString());
        Assert.Equal("Thread.Sleep", json.GetProperty("heldAcross").GetString());
        Assert.Equal("Lock.Enter held across Thread.Sleep", convoy.ApiText);
    }

    [Fact]
    public void Any_other_culprit_has_no_heldAcross_key()
    {
        var json = Written(new Culprit("DiagScenarioController.TaskWait", BlockingKind.SyncOverAsync, "Task.Result", 4, 0.9, []));

        Assert.False(json.TryGetProperty("heldAcross", out _));
    }
}
