using Microsoft.Diagnostics.Runtime;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// The request a thread was serving, read from the objects its stack holds: ASP.NET Core's own records of it, the
/// same facts its events give a live capture. The routing endpoint (<c>RouteEndpoint</c>: display name, route
/// template), MVC's invoker (its <c>ActionContext.ActionDescriptor</c>: the action's display name) and the
/// <c>HttpContext</c> (method and path, from the server's request feature). Only objects the thread's own frames
/// reference are read, never the heap at large, so another request's records cannot be taken for this one's.
/// </summary>
internal static class DumpRequests
{
    public static RequestContext? Of(ClrThread thread)
    {
        string? endpoint = null, route = null, action = null, method = null, path = null;
        foreach (var root in thread.EnumerateStackRoots())
        {
            var obj = root.Object;
            if (obj.IsNull || !obj.IsValid || obj.Type is not { } type)
            {
                continue;
            }
            if (IsOrDerives(type, "Microsoft.AspNetCore.Http.Endpoint"))
            {
                endpoint ??= String(obj, "<DisplayName>k__BackingField");
                if (obj.TryReadObjectField("<RoutePattern>k__BackingField", out var pattern) && !pattern.IsNull)
                {
                    route ??= String(pattern, "<RawText>k__BackingField");
                }
            }
            else if (IsOrDerives(type, "Microsoft.AspNetCore.Mvc.Infrastructure.ResourceInvoker")
                && obj.TryReadObjectField("_actionContext", out var context) && !context.IsNull
                && context.TryReadObjectField("<ActionDescriptor>k__BackingField", out var descriptor) && !descriptor.IsNull)
            {
                action ??= String(descriptor, "<DisplayName>k__BackingField");
                if (descriptor.TryReadObjectField("<AttributeRouteInfo>k__BackingField", out var info) && !info.IsNull)
                {
                    route ??= String(info, "<Template>k__BackingField");
                }
            }
            else if (type.Name == "Microsoft.AspNetCore.Http.DefaultHttpContext" && method is null)
            {
                (method, path) = RequestLine(obj);
            }
        }
        return endpoint is null && action is null && path is null
            ? null
            : new RequestContext(method, path, route is null ? null : "/" + route.TrimStart('/'), endpoint, action);
    }

    // DefaultHttpContext._features (a struct) holds the server's feature collection: Kestrel's connection object,
    // whose request line fields are the request's method and path.
    private static (string? Method, string? Path) RequestLine(ClrObject context)
    {
        try
        {
            var features = context.ReadValueTypeField("_features");
            var collection = features.ReadObjectField("<Collection>k__BackingField");
            if (collection.IsNull)
            {
                return (null, null);
            }
            var path = String(collection, "<Path>k__BackingField");
            var method = String(collection, "_methodText");
            return (method, path);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return (null, null);
        }
    }

    private static string? String(ClrObject obj, string field) =>
        obj.TryReadStringField(field, maxLength: 2048, out var value) ? value : null;

    private static bool IsOrDerives(ClrType type, string name)
    {
        for (var t = type; t is not null; t = t.BaseType)
        {
            if (t.Name == name)
            {
                return true;
            }
        }
        return false;
    }
}
