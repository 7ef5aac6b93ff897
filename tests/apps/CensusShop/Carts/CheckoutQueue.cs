namespace CensusShop.Carts;

/// <summary>Checkouts go one at a time to the payment provider; one route waits its turn synchronously.</summary>
public sealed class CheckoutQueue
{
    private readonly SemaphoreSlim _paymentSlot = new(1, 1);

    public string Checkout(int cartId)
    {
        _paymentSlot.Wait();
        try
        {
            Thread.Sleep(25);
            return $"cart {cartId} paid";
        }
        finally
        {
            _paymentSlot.Release();
        }
    }

    public async Task<string> CheckoutAsync(int cartId)
    {
        await _paymentSlot.WaitAsync();
        try
        {
            await Task.Delay(25);
            return $"cart {cartId} paid";
        }
        finally
        {
            _paymentSlot.Release();
        }
    }
}
