using System.Text.Json;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Report.Verdicts;

/// <summary>
/// The JSON of one evidence item, in a verdict's <c>evidenceItems</c> beside its <c>evidence</c> sentences: the kind, the
/// sentence (<c>text</c>, the same words as <c>evidence</c>) and the figures, so a script reads a threshold without parsing
/// English. Keys an item does not have are null, except the culprit's names, written only by the kinds that name one.
/// Figures are rounded to 3 decimals (a wait of 2.392857 s is 2.393): the sentence rounds further, the JSON keeps enough.
/// </summary>
public static class EvidenceItemJson
{
    public static void Write(Utf8JsonWriter json, EvidenceItem e)
    {
        json.WriteStartObject();
        json.WriteString("kind", e.Kind.Name());
        json.WriteString("text", EvidenceText.Line(e));
        Number(json, "figure", e.Figure);
        if (e.Unit == EvidenceUnit.None)
        {
            json.WriteNull("unit");
        }
        else
        {
            json.WriteString("unit", e.Unit.Name());
        }
        Number(json, "threshold", e.Threshold);
        Number(json, "thresholdPerCore", e.ThresholdPerCore);
        Number(json, "cores", e.Cores);
        Number(json, "windowSeconds", e.WindowSeconds);
        json.WriteStartArray("figures");
        foreach (var f in e.Figures)
        {
            json.WriteStartObject();
            json.WriteString("name", f.Name.Name());
            JsonNumbers.Write(json, "value", Math.Round(f.Value, 3));
            json.WriteString("unit", f.Unit.Name());
            json.WriteEndObject();
        }
        json.WriteEndArray();
        Text(json, "method", e.Method);
        Text(json, "api", e.Api);
        Text(json, "minThreadsSource", e.MinThreadsSource);
        json.WriteEndObject();
    }

    private static void Number(Utf8JsonWriter json, string name, double? value)
    {
        if (value is { } v)
        {
            JsonNumbers.Write(json, name, Math.Round(v, 3));
        }
        else
        {
            json.WriteNull(name);
        }
    }

    private static void Text(Utf8JsonWriter json, string name, string? value)
    {
        if (value is not null)
        {
            json.WriteString(name, value);
        }
    }
}
