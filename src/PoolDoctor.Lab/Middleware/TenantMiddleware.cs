using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Middleware;

/// <summary>
/// Resolves the request's tenant before the endpoint runs, as inline middleware (<c>app.Use((ctx, next) => ...)</c>).
/// It runs in a <c>UseWhen</c> branch for the paths it is given, so every other route is unaffected, down to its
/// stacks: no frame of this middleware sits under another route's endpoint. The sync version blocks on <c>.Result</c>.
/// </summary>
public static class TenantMiddleware
{
    /// <summary>Where the endpoint finds the tenant: <c>HttpContext.Items[TenantItem]</c>.</summary>
    public const string TenantItem = "tenant";

    public static IApplicationBuilder UseTenantLookup(this IApplicationBuilder app, params PathString[] paths)
    {
        var tenants = app.ApplicationServices.GetRequiredService<TenantDirectory>();
        return app.UseWhen(context => AppliesTo(context, paths), branch => branch.Use((context, next) =>
        {
            context.Items[TenantItem] = tenants.FindAsync(context.Request.Host.Value ?? "").Result;
            return next(context);
        }));
    }

    public static IApplicationBuilder UseTenantLookupAsync(this IApplicationBuilder app, params PathString[] paths)
    {
        var tenants = app.ApplicationServices.GetRequiredService<TenantDirectory>();
        return app.UseWhen(context => AppliesTo(context, paths), branch => branch.Use(async (context, next) =>
        {
            context.Items[TenantItem] = await tenants.FindAsync(context.Request.Host.Value ?? "");
            await next(context);
        }));
    }

    private static bool AppliesTo(HttpContext context, PathString[] paths) =>
        Array.Exists(paths, path => context.Request.Path.StartsWithSegments(path));
}
