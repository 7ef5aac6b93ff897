using Microsoft.Diagnostics.Runtime;
using PoolDoctor.Collect.Dumps.Heap;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// The request a thread was serving, read from the objects its stack holds: ASP.NET Core's own records of it, the
/// same facts its events give a live capture. The routing endpoint (<c>RouteEndpoint</c>: display name, route
/// template), MVC's invoker (its <c>ActionContext.ActionDescriptor</c>: the action's display name) and the
/// <c>HttpContext</c> (method and path from the server's request feature, and the endpoint routing set on it). Only
/// objects the thread's own frames reference are read, never the heap at large, so another request's records cannot
/// be taken for this one's.
/// </summary>
internal static class DumpRequests
{
    public static RequestContext? Of(ClrThread thread) =>
        Of(thread.EnumerateStackRoots().Select(r => ClrHeapValue.Of(r.Object)).OfType<IHeapValue>());

    /// <summary>
    /// First what the frames hold themselves; then what the async methods running on the thread hold. A handler that
    /// resumed after an await (gRPC's call handler once the request's message arrived after its headers) runs as a
    /// continuation: no Kestrel frame and no local holds the request then, only the resumed method's state machine,
    /// which its box's frames (<c>AsyncStateMachineBox.MoveNext</c>) reference (a struct in Release, a class in Debug).
    /// </summary>
    public static RequestContext? Of(IEnumerable<IHeapValue> roots)
    {
        var found = new Found();
        var boxes = new List<IHeapValue>();
        foreach (var root in roots)
        {
            if (!found.Read(root) && (root.Struct("StateMachine") ?? root.Object("StateMachine")) is { } machine)
            {
                boxes.Add(machine);
            }
        }
        foreach (var machine in boxes)
        {
            foreach (var field in machine.ObjectFields())
            {
                found.Read(field);
            }
        }
        return found.Endpoint is null && found.Action is null && found.Path is null
            ? null
            : new RequestContext(found.Method, found.Path, found.Route is null ? null : "/" + found.Route.TrimStart('/'), found.Endpoint, found.Action);
    }

    private sealed class Found
    {
        public string? Endpoint, Route, Action, Method, Path;

        /// <summary>Reads <paramref name="value"/> when it is one of the request's records; says whether it was.</summary>
        public bool Read(IHeapValue value)
        {
            if (value.IsOrDerives("Microsoft.AspNetCore.Http.Endpoint"))
            {
                ReadEndpoint(value);
                return true;
            }
            if (value.IsOrDerives("Microsoft.AspNetCore.Mvc.Infrastructure.ResourceInvoker"))
            {
                if (value.Object("_actionContext")?.Object("<ActionDescriptor>k__BackingField") is { } descriptor)
                {
                    Action ??= descriptor.String("<DisplayName>k__BackingField");
                    Route ??= descriptor.Object("<AttributeRouteInfo>k__BackingField")?.String("<Template>k__BackingField");
                }
                return true;
            }
            if (value.TypeName == "Microsoft.AspNetCore.Http.DefaultHttpContext")
            {
                // DefaultHttpContext._features (a struct) holds the server's feature collection: Kestrel's request
                // object, whose request line fields are the method and path, and whose endpoint feature is the
                // endpoint routing matched.
                if (Method is null && value.Struct("_features")?.Object("<Collection>k__BackingField") is { } server)
                {
                    Path = server.String("<Path>k__BackingField");
                    Method = server.String("_methodText");
                    if (server.Object("_endpoint") is { } endpoint)
                    {
                        ReadEndpoint(endpoint);
                    }
                }
                return true;
            }
            return false;
        }

        private void ReadEndpoint(IHeapValue endpoint)
        {
            Endpoint ??= endpoint.String("<DisplayName>k__BackingField");
            Route ??= endpoint.Object("<RoutePattern>k__BackingField")?.String("<RawText>k__BackingField");
        }
    }
}
