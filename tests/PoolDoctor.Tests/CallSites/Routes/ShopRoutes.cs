namespace PoolDoctor.Tests.CallSites.Routes;

/// <summary>Two handlers with one name, mapped the way minimal APIs map method groups: a route literal, then the handler.</summary>
public static class ShopRoutes
{
    public static Dictionary<string, Delegate> Map() => new()
    {
        ["customers/{id}"] = (Func<int, string>)CustomerLookup.Get,
        ["orders/{id}"] = (Func<int, int>)OrderLookup.Get,
    };
}
