namespace PoolDoctor.Model.Stacks;

/// <summary>
/// What blocked work was serving, as data: its kind and the name that identifies it (a request's verb and route, a hub
/// method, the callback or loop's method). Found where the stack is read, carried on the culprit; only Report words it.
/// </summary>
/// <param name="Kind">Request, hub method, gRPC method, timer, hosted service, background worker, or unknown.</param>
/// <param name="Name">The route (<c>GET /orders/{id}</c>, <c>POST /shop.Warehouse/Check</c>) or the method
/// (<c>InventoryHub.GetStock</c>, <c>PriceSyncService.Poll</c>).</param>
public sealed record WorkEntry(EntryKind Kind, string Name)
{
    /// <summary>Work the load's requests reach: an HTTP request, a hub method or a gRPC method.</summary>
    public bool IsRequest => Kind is EntryKind.Request or EntryKind.HubMethod or EntryKind.GrpcMethod;
}
