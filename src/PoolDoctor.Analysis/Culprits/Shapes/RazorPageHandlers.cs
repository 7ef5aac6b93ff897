using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// The handler methods of the Razor Page a request ran. ASP.NET Core names such a request's action after the page's
/// path (<c>/Orders/Index</c>), not a method, and calls the handler (<c>OnGet</c>, <c>OnPostAsync</c>,
/// <c>OnGetExport</c>) through a delegate it generates at run time, so nothing in the app's IL calls it. The Razor
/// compiler's own record ties the path to the page's class and its <c>@model</c> (<see cref="RazorPage"/>); the
/// handlers are that type's methods named after the request's verb, as ASP.NET Core selects them.
/// </summary>
public static class RazorPageHandlers
{
    /// <summary>A page's action name: its path under the pages root, e.g. <c>/Report</c> or <c>/Orders/Index</c>.</summary>
    public static bool IsPagePath(string? action) =>
        !string.IsNullOrWhiteSpace(action) && action.Trim().StartsWith('/') && !action.Contains(' ', StringComparison.Ordinal);

    public static IReadOnlyList<IlMethod> Of(CallGraph graph, RequestContext? request)
    {
        if (request is null || graph.RazorPages.Count == 0 || !IsPagePath(request.Action ?? request.Endpoint))
        {
            return [];
        }
        var page = (request.Action ?? request.Endpoint)!.Trim();
        var pages = graph.RazorPages.Where(p => IsFileOf(p.ViewPath, page)).ToArray();
        if (pages.Length != 1)
        {
            return []; // none, or the same path in two areas: no name rather than a wrong one
        }
        var owner = pages[0].ModelType ?? pages[0].PageType;
        var verb = Verb(request.HttpMethod);
        return [.. graph.Methods.Where(m => m.TypeFullName == owner && IsHandlerFor(m.Method, verb))];
    }

    // "/Report" is "/Pages/Report.cshtml" (the default root) or "/Areas/Shop/Pages/Report.cshtml": the file's path ends
    // with a pages root and the page's own path.
    private static bool IsFileOf(string viewPath, string page) =>
        viewPath.EndsWith("/Pages" + page + ".cshtml", StringComparison.OrdinalIgnoreCase);

    // HEAD runs the GET handler when there is no OnHead; any other verb its own.
    private static string Verb(string? httpMethod) =>
        httpMethod?.Trim().ToUpperInvariant() switch
        {
            null or "" or "GET" or "HEAD" => "Get",
            var other => other[..1] + other[1..].ToLowerInvariant(),
        };

    private static bool IsHandlerFor(string method, string verb) =>
        method.StartsWith("On" + verb, StringComparison.Ordinal)
        && (method.Length == 2 + verb.Length || char.IsUpper(method[2 + verb.Length]));
}
