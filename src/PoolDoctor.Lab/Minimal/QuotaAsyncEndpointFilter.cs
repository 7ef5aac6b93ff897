using Microsoft.AspNetCore.Http;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Minimal;

/// <summary>The fix for <see cref="QuotaEndpointFilter"/>: awaits the quota check.</summary>
public sealed class QuotaAsyncEndpointFilter(QuotaService quota) : IEndpointFilter
{
    public async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var caller = context.HttpContext.Connection.RemoteIpAddress?.ToString() ?? "anonymous";
        return await quota.HasQuotaAsync(caller) ? await next(context) : Results.StatusCode(StatusCodes.Status429TooManyRequests);
    }
}
