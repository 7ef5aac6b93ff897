namespace PoolDoctor.Report;

/// <summary>
/// The <c>schemaVersion</c> every JSON output carries. Keys are only ever added (docs/cli.md, docs/report.md); the number
/// goes up when one is added, so a consumer can tell an old file from a new one. 1: the first versioned shapes
/// (context block, UTC times); report.json's is described by docs/report.schema.json.
/// </summary>
public static class JsonSchemaVersion
{
    public const int Current = 1;
}
