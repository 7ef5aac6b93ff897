using Grpc.Core;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Grpc;

/// <summary>The gRPC service generated from Protos/warehouse.proto, implemented over the ledger as a service team would.</summary>
public sealed class WarehouseService(WarehouseLedger ledger) : Warehouse.WarehouseBase
{
    public override Task<StockReply> Check(StockRequest request, ServerCallContext context) =>
        Task.FromResult(new StockReply { Sku = request.Sku, Available = ledger.Count(request.Sku) });

    public override async Task<StockReply> CheckAsync(StockRequest request, ServerCallContext context) =>
        new() { Sku = request.Sku, Available = await ledger.CountAsync(request.Sku, context.CancellationToken) };
}
