using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;

namespace FixShop.Regions;

/// <summary>Answers 404 for a region the shop does not serve, before the action runs.</summary>
public sealed class ServedRegionAttribute : ActionFilterAttribute
{
    public override void OnActionExecuting(ActionExecutingContext context)
    {
        var region = context.RouteData.Values["region"] as string ?? "";
        var directory = context.HttpContext.RequestServices.GetRequiredService<RegionDirectory>();
        if (!directory.ServesAsync(region).Result)
        {
            context.Result = new NotFoundResult();
        }
    }
}
