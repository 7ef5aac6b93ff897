using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Reads ASP.NET Core's own names for a request: the route (<c>GET /customers/{id}</c>) and, when it has one, the
/// handler a person wrote: an MVC action's display name (<c>Shop.OrdersController.Get (Shop)</c>) or a minimal-API
/// endpoint bound to a named method (<c>HTTP: GET /customers/{id} =&gt; GetCustomer</c>).
/// </summary>
public static class EndpointNames
{
    /// <summary><c>GET /customers/{id}</c>: the route template when routing matched one, else the path.</summary>
    public static string? Route(RequestContext request)
    {
        var target = FirstNonEmpty(request.Route, request.Path);
        if (target is null)
        {
            return null;
        }
        if (!target.StartsWith('/'))
        {
            target = "/" + target;
        }
        return string.IsNullOrWhiteSpace(request.HttpMethod) ? target : request.HttpMethod.Trim().ToUpperInvariant() + " " + target;
    }

    /// <summary>The handler's method as a person names it (<c>OrdersController.Get</c>, <c>GetCustomer</c>), or null.</summary>
    public static string? Handler(RequestContext? request)
    {
        if (request is null)
        {
            return null;
        }
        if (FirstNonEmpty(request.Action) is { } action)
        {
            if (RazorPageHandlers.IsPagePath(action))
            {
                return null; // a Razor Page's path, not a method: RazorPageHandlers maps it
            }
            var withoutAssembly = action.EndsWith(')') && action.LastIndexOf(" (", StringComparison.Ordinal) is var open and > 0
                ? action[..open]
                : action;
            var name = FrameNameParser.Parse(withoutAssembly);
            return name.Flavor == FrameFlavor.Unresolved ? null : name.Owner;
        }
        if (FirstNonEmpty(request.Endpoint) is { } endpoint)
        {
            var arrow = endpoint.LastIndexOf("=>", StringComparison.Ordinal);
            if (arrow >= 0)
            {
                var method = endpoint[(arrow + 2)..].Trim();
                return IsName(method) ? method : null;
            }
            // MVC endpoints are named after their action ("Shop.OrdersController.Get (Shop)"); route endpoints start "HTTP:".
            if (!endpoint.StartsWith("HTTP:", StringComparison.Ordinal) && endpoint.Contains('.', StringComparison.Ordinal))
            {
                return Handler(request with { Action = endpoint, Endpoint = null });
            }
        }
        return null;
    }

    /// <summary><c>GET /api/x (Ctrl.X)</c>: the route and, when known, its handler.</summary>
    public static string Describe(RequestContext request)
    {
        var route = Route(request) ?? "(unknown route)";
        return Handler(request) is { } handler ? $"{route} ({handler})" : route;
    }

    private static bool IsName(string text) =>
        text.Length > 0 && text.All(c => char.IsLetterOrDigit(c) || c is '_' or '.');

    private static string? FirstNonEmpty(params string?[] values) =>
        values.FirstOrDefault(v => !string.IsNullOrWhiteSpace(v))?.Trim();
}
