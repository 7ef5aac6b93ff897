using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using PoolDoctor.Lab.Services;
using static Microsoft.AspNetCore.Http.StatusCodes;

namespace PoolDoctor.Lab.Mvc;

/// <summary>The fix for <see cref="QuotaFilter"/>: an async action filter that awaits the quota check.</summary>
public sealed class QuotaAsyncFilter(QuotaService quota) : IAsyncActionFilter
{
    public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
    {
        var caller = context.HttpContext.Connection.RemoteIpAddress?.ToString() ?? "anonymous";
        if (!await quota.HasQuotaAsync(caller))
        {
            context.Result = new StatusCodeResult(Status429TooManyRequests);
            return;
        }
        await next();
    }
}
