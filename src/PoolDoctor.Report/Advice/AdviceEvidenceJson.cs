using System.Text.Json;
using PoolDoctor.Model.Advice;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Report.Advice;

/// <summary>report.json writes each advice evidence item as its line, the form docs/report.md gives <c>evidence</c>.</summary>
public sealed class AdviceEvidenceJson() : WriteOnlyJsonConverter<AdviceEvidence>("advice evidence is written, never read back")
{
    public override void Write(Utf8JsonWriter writer, AdviceEvidence value, JsonSerializerOptions options) =>
        writer.WriteStringValue(AdviceEvidenceText.Line(value));
}
