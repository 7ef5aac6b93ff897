using Microsoft.AspNetCore.Mvc.Filters;

namespace FilterShop.Filters;

/// <summary>Lets at most four actions talk to the backend at once.</summary>
public sealed class BackendThrottleFilter : IAsyncActionFilter
{
    private static readonly SemaphoreSlim Gate = new(4, 4);

    public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
    {
        Gate.Wait();
        try
        {
            await next();
        }
        finally
        {
            Gate.Release();
        }
    }
}
