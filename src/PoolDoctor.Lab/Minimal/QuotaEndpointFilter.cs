using Microsoft.AspNetCore.Http;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Minimal;

/// <summary>
/// The minimal-API counterpart of an action filter: an endpoint filter whose interface is async, implemented without
/// async by blocking on the quota check's <c>.Result</c>.
/// </summary>
public sealed class QuotaEndpointFilter(QuotaService quota) : IEndpointFilter
{
    public ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var caller = context.HttpContext.Connection.RemoteIpAddress?.ToString() ?? "anonymous";
        if (!quota.HasQuotaAsync(caller).Result)
        {
            return ValueTask.FromResult<object?>(Results.StatusCode(StatusCodes.Status429TooManyRequests));
        }
        return next(context);
    }
}
