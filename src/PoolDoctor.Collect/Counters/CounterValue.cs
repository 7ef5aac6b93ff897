using System.Globalization;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// One counter value from an `EventCounters` event. Sum counters ("Increment") are turned into a rate per
/// second over their own interval, so a session whose interval another tool shortened still yields per-second rates.
/// </summary>
internal sealed record CounterValue(string Name, double Value, string Series, double IntervalSeconds)
{
    /// <summary>Reads the nested payload fields by name (the two counter shapes have different layouts).</summary>
    public static CounterValue? FromPayload(IDictionary<string, object?> fields)
    {
        if (!fields.TryGetValue("Name", out var nameValue) || nameValue is not string name)
        {
            return null;
        }
        var interval = Number(fields, "IntervalSec") ?? 1;
        var series = fields.TryGetValue("Series", out var s) ? s as string ?? "" : "";
        var type = fields.TryGetValue("CounterType", out var t) ? t as string : null;
        if (type == "Sum" || (type is null && fields.ContainsKey("Increment")))
        {
            var increment = Number(fields, "Increment");
            return increment is null ? null : new CounterValue(name, interval > 0 ? increment.Value / interval : increment.Value, series, interval);
        }
        var mean = Number(fields, "Mean");
        return mean is null ? null : new CounterValue(name, mean.Value, series, interval);
    }

    private static double? Number(IDictionary<string, object?> fields, string key)
    {
        if (!fields.TryGetValue(key, out var value) || value is null)
        {
            return null;
        }
        return value switch
        {
            double d => d,
            float f => f,
            int i => i,
            long l => l,
            string text when double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var parsed) => parsed,
            IConvertible c => c.ToDouble(CultureInfo.InvariantCulture),
            _ => null,
        };
    }
}
