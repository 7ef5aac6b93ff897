using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// A culprit's entry (<see cref="WorkEntry"/>) in words, the one place it is worded: a route as it is
/// (<c>GET /orders/{id}</c>), <c>hub InventoryHub.GetStock</c>, <c>timer callback Cache.Refresh</c>, a hosted service's
/// or a worker's method as it is. report.json's <c>entry</c> keeps this text; <see cref="Parse"/> reads it back.
/// </summary>
public static class EntryText
{
    private const string Hub = "hub ";
    private const string Timer = "timer callback ";

    public static string? Of(WorkEntry? entry) => entry is null ? null : entry.Kind switch
    {
        EntryKind.HubMethod => Hub + entry.Name,
        EntryKind.Timer => Timer + entry.Name,
        _ => entry.Name,
    };

    /// <summary>An entry read back from its text (report.json's <c>entry</c>); what no prefix or route form says is
    /// <see cref="EntryKind.Unknown"/> (a hosted service or worker reads back as its method's name).</summary>
    public static WorkEntry? Parse(string? text)
    {
        if (text is null)
        {
            return null;
        }
        if (text.StartsWith(Hub, StringComparison.Ordinal))
        {
            return new WorkEntry(EntryKind.HubMethod, text[Hub.Length..]);
        }
        if (text.StartsWith(Timer, StringComparison.Ordinal))
        {
            return new WorkEntry(EntryKind.Timer, text[Timer.Length..]);
        }
        var isRoute = text.StartsWith('/')
            || (text.IndexOf(" /", StringComparison.Ordinal) is > 0 and var space && text[..space].All(char.IsAsciiLetterUpper));
        return new WorkEntry(isRoute ? EntryKind.Request : EntryKind.Unknown, text);
    }
}
