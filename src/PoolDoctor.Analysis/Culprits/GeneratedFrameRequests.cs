using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// ASP.NET Core compiles one delegate per endpoint (<c>dynamicClass.lambda_method9</c>), and a Release JIT inlines
/// the user's handler into it. A session that starts while requests are already blocked sees no start event for
/// them, but other threads start requests of the same endpoint during the capture: their samples pair the generated
/// frame with the endpoint, and that pairing names the endpoint for every stack through the same generated frame.
/// A generated frame seen with more than one endpoint is ambiguous and names none.
/// </summary>
internal sealed class GeneratedFrameRequests
{
    private readonly Dictionary<string, RequestContext> _byFrame;

    private GeneratedFrameRequests(Dictionary<string, RequestContext> byFrame) => _byFrame = byFrame;

    public static GeneratedFrameRequests Learn(IEnumerable<(StackReading Reading, RequestContext? Request, long Samples)> stacks)
    {
        var seen = new Dictionary<string, Dictionary<RequestContext, long>>(StringComparer.Ordinal);
        foreach (var (reading, request, samples) in stacks)
        {
            if (request is null || Key(reading) is not { } key)
            {
                continue;
            }
            var endpoint = request with { Path = request.Route is null ? request.Path : null };
            if (!seen.TryGetValue(key, out var counts))
            {
                seen[key] = counts = [];
            }
            counts[endpoint] = counts.GetValueOrDefault(endpoint) + samples;
        }
        var byFrame = seen
            .Where(s => s.Value.Keys.Select(r => EndpointNames.Describe(r)).Distinct(StringComparer.Ordinal).Count() == 1)
            .ToDictionary(s => s.Key, s => s.Value.OrderByDescending(c => c.Value).First().Key, StringComparer.Ordinal);
        return new GeneratedFrameRequests(byFrame);
    }

    public RequestContext? For(StackReading reading) =>
        Key(reading) is { } key && _byFrame.TryGetValue(key, out var request) ? request : null;

    // The innermost generated frame is the endpoint's own delegate; outer ones (shared pipeline thunks) say less.
    private static string? Key(StackReading reading)
    {
        for (var i = 0; i < reading.Frames.Count; i++)
        {
            if (reading.GeneratedFrames.Count > i && reading.GeneratedFrames[i])
            {
                return reading.Cleaned[i];
            }
        }
        return null;
    }
}
