using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Census;

/// <summary>
/// An entry read from a request's path (no route template known, as for minimal APIs) names the values in it:
/// `POST /carts/4/checkout`. A finding is one per route, not per cart, so each path segment holding a digit becomes
/// `{}` (`POST /carts/{}/checkout`): the id stays the same across runs and test data.
/// </summary>
public static class EntryPaths
{
    /// <summary>A request's entry with its path's values as <c>{}</c>; any other entry as it is.</summary>
    public static WorkEntry? Template(WorkEntry? entry) =>
        entry is { Kind: EntryKind.Request or EntryKind.GrpcMethod } ? entry with { Name = Template(entry.Name)! } : entry;

    public static string? Template(string? entry)
    {
        if (entry is null)
        {
            return null;
        }
        var space = entry.IndexOf(' ', StringComparison.Ordinal);
        var path = space >= 0 ? entry[(space + 1)..] : entry;
        if (!path.StartsWith('/') || path.Contains(' ', StringComparison.Ordinal))
        {
            return entry;
        }
        var query = path.IndexOf('?', StringComparison.Ordinal);
        if (query >= 0)
        {
            path = path[..query];
        }
        var segments = path.Split('/').Select(s => s.Any(char.IsAsciiDigit) && !s.StartsWith('{') ? "{}" : s);
        return (space >= 0 ? entry[..(space + 1)] : "") + string.Join('/', segments);
    }
}
