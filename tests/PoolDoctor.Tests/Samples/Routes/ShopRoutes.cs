namespace PoolDoctor.Tests.Samples.Routes;

/// <summary>Handlers mapped the way minimal APIs map method groups: a route literal, then the handler's ldftn; the second
/// set under a group prefix, as `app.MapGroup("/v2")` does.</summary>
public static class ShopRoutes
{
    public static Dictionary<string, Delegate> Map() => new()
    {
        ["customers/{id}"] = (Func<int, string>)CustomerLookup.Get,
        ["orders/{id}"] = (Func<int, int>)OrderLookup.Get,
    };

    public static Dictionary<string, Delegate> MapVersion2()
    {
        var group = MapGroup("/v2");
        group["invoices/{id}"] = (Func<int, int>)InvoiceLookup.Get;
        return group;
    }

    private static Dictionary<string, Delegate> MapGroup(string prefix) => new() { [prefix] = (Func<int>)(() => 0) };
}
