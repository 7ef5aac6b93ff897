using System.Collections;
using Microsoft.Diagnostics.Tracing;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// One DiagnosticSource event forwarded by the bridge: the listener's event name and the key/value strings the filter
/// spec asked for. The bridge writes self-describing events whose ids vary, so it is recognised by provider and
/// payload names; its arguments arrive as a list of Key/Value structs.
/// </summary>
internal sealed record AspNetCoreEventPayload(string EventName, IReadOnlyDictionary<string, string> Arguments)
{
    // The bridge's payload fields (DiagnosticSourceEventSource.Event(SourceName, EventName, Arguments)).
    private const string SourceField = "SourceName";
    private const string EventField = "EventName";
    private const string ArgumentsField = "Arguments";

    public string? TraceId => Field(AspNetCoreEvents.TraceId);

    public string? Field(string name) => Arguments.TryGetValue(name, out var value) && value.Length > 0 ? value : null;

    public static AspNetCoreEventPayload? TryRead(TraceEvent e)
    {
        if (e.ProviderName != AspNetCoreEvents.BridgeProvider
            || e.PayloadByName(SourceField) is not string source || source != AspNetCoreEvents.ListenerName
            || e.PayloadByName(EventField) is not string eventName
            || e.PayloadByName(ArgumentsField) is not IEnumerable arguments)
        {
            return null;
        }
        var fields = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var argument in arguments)
        {
            if (argument is IDictionary<string, object> pair && pair.TryGetValue("Key", out var key) && key is string name
                && pair.TryGetValue("Value", out var value) && value is string text)
            {
                fields[name] = text;
            }
        }
        return new AspNetCoreEventPayload(eventName, fields);
    }
}
