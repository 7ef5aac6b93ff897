using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Mvc;

/// <summary>A sync action filter that checks the caller's quota with the async service's <c>.Result</c>.</summary>
public sealed class QuotaFilter(QuotaService quota) : IActionFilter
{
    public void OnActionExecuting(ActionExecutingContext context)
    {
        var caller = context.HttpContext.Connection.RemoteIpAddress?.ToString() ?? "anonymous";
        if (!quota.HasQuotaAsync(caller).Result)
        {
            context.Result = new StatusCodeResult(StatusCodes.Status429TooManyRequests);
        }
    }

    public void OnActionExecuted(ActionExecutedContext context)
    {
    }
}
