namespace CensusShop.Stock;

/// <summary>One ledger for every SKU: reservations queue on a lock, or (the twin) on an async gate.</summary>
public sealed class StockLedger
{
    private readonly object _ledgerLock = new();
    private readonly SemaphoreSlim _ledgerGate = new(1, 1);
    private int _reserved;

    public int Reserve(string sku)
    {
        lock (_ledgerLock)
        {
            WriteLedgerLine(sku);
            return ++_reserved;
        }
    }

    public async Task<int> ReserveAsync(string sku)
    {
        await _ledgerGate.WaitAsync();
        try
        {
            await Task.Delay(25);
            return ++_reserved;
        }
        finally
        {
            _ledgerGate.Release();
        }
    }

    // The ledger is a file on a slow share: writing a line takes a while.
    private static void WriteLedgerLine(string sku) => Thread.Sleep(15 + sku.Length);
}
