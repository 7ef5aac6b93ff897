using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Middleware;

/// <summary>
/// Resolves the request's tenant before the endpoint runs, as inline middleware (<c>app.Use((ctx, next) => ...)</c>),
/// only on the paths it is given so every other route is unaffected. The sync version blocks on <c>.Result</c>.
/// </summary>
public static class TenantMiddleware
{
    /// <summary>Where the endpoint finds the tenant: <c>HttpContext.Items[TenantItem]</c>.</summary>
    public const string TenantItem = "tenant";

    public static IApplicationBuilder UseTenantLookup(this IApplicationBuilder app, params PathString[] paths)
    {
        var tenants = app.ApplicationServices.GetRequiredService<TenantDirectory>();
        return app.Use((context, next) =>
        {
            if (AppliesTo(context, paths))
            {
                context.Items[TenantItem] = tenants.FindAsync(context.Request.Host.Value ?? "").Result;
            }
            return next(context);
        });
    }

    public static IApplicationBuilder UseTenantLookupAsync(this IApplicationBuilder app, params PathString[] paths)
    {
        var tenants = app.ApplicationServices.GetRequiredService<TenantDirectory>();
        return app.Use(async (context, next) =>
        {
            if (AppliesTo(context, paths))
            {
                context.Items[TenantItem] = await tenants.FindAsync(context.Request.Host.Value ?? "");
            }
            await next(context);
        });
    }

    private static bool AppliesTo(HttpContext context, PathString[] paths) =>
        Array.Exists(paths, path => context.Request.Path.StartsWithSegments(path));
}
