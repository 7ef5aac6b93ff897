using System.Globalization;
using System.Net;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// Escaping for everything the report writes into HTML. Names come from the target (methods, process name,
/// command line) and are hostile until proven otherwise; HtmlEncode also escapes both quote kinds, so the same
/// call is safe in text and in quoted attributes.
/// </summary>
internal static class Html
{
    public static string E(string? text) => WebUtility.HtmlEncode(text ?? "");

    public static string N(double value, int decimals = 1) =>
        double.IsFinite(value) ? Math.Round(value, decimals).ToString("0." + new string('#', Math.Max(0, decimals)), CultureInfo.InvariantCulture) : "–";

    public static string Percent(double share) => N(share * 100, 0) + "%";
}
