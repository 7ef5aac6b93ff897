using System.Text.Json;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report;
using PoolDoctor.Report.Compare;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Tests.Report;

/// <summary>Every JSON document the tool prints says its schema version (report.json, stacks and detect: the snapshots).</summary>
public sealed class SchemaVersionTests
{
    [Fact]
    public void A_counters_line_carries_the_schema_version()
    {
        var line = CounterJson.IntervalLine(new CounterInterval(new CounterSample(1, 2, 3, 4, 5, 2, 0, 10), []), null);
        Assert.Equal(JsonSchemaVersion.Current, JsonDocument.Parse(line).RootElement.GetProperty("schemaVersion").GetInt32());
    }

    [Fact]
    public void Compare_json_carries_the_schema_version()
    {
        var json = CompareTableWriter.Json([new CompareRow("a", "http://x", 1, 1, 1, 1, 1, 0, null, null, null)]);
        Assert.Equal(JsonSchemaVersion.Current, JsonDocument.Parse(json).RootElement.GetProperty("schemaVersion").GetInt32());
    }

    [Theory]
    [InlineData("report.json")]
    [InlineData("stacks.json")]
    [InlineData("detect.json")]
    public void Snapshot_documents_carry_the_schema_version(string name)
    {
        var path = Path.Combine(SnapshotFolder(), name);
        Assert.Equal(JsonSchemaVersion.Current, JsonDocument.Parse(File.ReadAllText(path)).RootElement.GetProperty("schemaVersion").GetInt32());
    }

    private static string SnapshotFolder([System.Runtime.CompilerServices.CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "snapshots"));
}
