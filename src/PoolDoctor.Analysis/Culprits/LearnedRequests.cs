using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// A capture that starts while requests are already blocked sees no start event for them: their samples carry no
/// request. Other threads start requests of the same endpoint during the window, and their samples pair a code path
/// with the endpoint. The code path is the stack's own frames — user code and the generated delegate ASP.NET Core
/// compiles per endpoint (<c>dynamicClass.lambda_method9</c>) — so a stack with the same path serves the same endpoint.
/// A path seen with more than one endpoint is ambiguous and names none.
/// </summary>
internal sealed class LearnedRequests
{
    private readonly Dictionary<string, RequestContext> _byPath;

    private LearnedRequests(Dictionary<string, RequestContext> byPath) => _byPath = byPath;

    public static LearnedRequests Learn(IEnumerable<(StackReading Reading, RequestContext? Request, long Samples)> stacks)
    {
        var seen = new Dictionary<string, Dictionary<RequestContext, long>>(StringComparer.Ordinal);
        foreach (var (reading, request, samples) in stacks)
        {
            if (request is null || Key(reading) is not { } key)
            {
                continue;
            }
            // One endpoint, many paths (/customers/1, /customers/2): keep the route, drop the path when a route is known.
            var endpoint = request with { Path = request.Route is null ? request.Path : null };
            if (!seen.TryGetValue(key, out var counts))
            {
                seen[key] = counts = [];
            }
            counts[endpoint] = counts.GetValueOrDefault(endpoint) + samples;
        }
        var byPath = seen
            .Where(s => s.Value.Keys.Select(EndpointNames.Describe).Distinct(StringComparer.Ordinal).Count() == 1)
            .ToDictionary(s => s.Key, s => Richest(s.Value), StringComparer.Ordinal);
        return new LearnedRequests(byPath);
    }

    public RequestContext? For(StackReading reading) =>
        Key(reading) is { } key && _byPath.TryGetValue(key, out var request) ? request : null;

    // The same endpoint seen through events that say more or less (a start with the method, an action with the route).
    private static RequestContext Richest(Dictionary<RequestContext, long> counts) =>
        counts.OrderByDescending(c => (c.Key.HttpMethod is null ? 0 : 1) + (c.Key.Route is null ? 0 : 1) + (c.Key.Action is null ? 0 : 1))
            .ThenByDescending(c => c.Value)
            .First().Key;

    // The frames that say which code this is: user code and generated delegates, leaf to root, within the work item.
    private static string? Key(StackReading reading)
    {
        var parts = new List<string>();
        var end = BlockingSites.EndOfWork(reading.Frames);
        for (var i = 0; i < end && i < reading.Frames.Count; i++)
        {
            if (reading.UserFrames[i] || (reading.GeneratedFrames.Count > i && reading.GeneratedFrames[i]))
            {
                parts.Add(reading.Cleaned[i]);
            }
        }
        return parts.Count == 0 ? null : string.Join('\n', parts);
    }
}
