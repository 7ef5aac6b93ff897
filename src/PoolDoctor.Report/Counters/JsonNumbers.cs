using System.Globalization;
using System.Text.Json;

namespace PoolDoctor.Report.Counters;

/// <summary>Numbers for the hand-written JSON shapes: a figure that could not be computed (NaN) is written as
/// report.json's serializer always wrote it, the string "NaN", instead of failing the whole output.</summary>
internal static class JsonNumbers
{
    public static void Write(Utf8JsonWriter json, string name, double value)
    {
        if (double.IsFinite(value))
        {
            json.WriteNumber(name, value);
        }
        else
        {
            json.WriteString(name, value.ToString(CultureInfo.InvariantCulture));
        }
    }
}
