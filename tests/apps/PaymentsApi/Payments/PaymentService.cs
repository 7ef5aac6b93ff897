namespace PaymentsApi.Payments;

/// <summary>Charges a card through the gateway; the client's idempotency key goes with it.</summary>
public sealed class PaymentService(IServiceProvider services)
{
    public PaymentReceipt Charge(string key, PaymentRequest request)
    {
        var gateway = services.GetRequiredService<GatewayClient>();
        var authorization = gateway.AuthorizeAsync(key, request).Result;
        return new PaymentReceipt(key, authorization.Code, authorization.Approved);
    }

    public async Task<PaymentReceipt> ChargeAsync(string key, PaymentRequest request)
    {
        var gateway = services.GetRequiredService<GatewayClient>();
        var authorization = await gateway.AuthorizeAsync(key, request);
        return new PaymentReceipt(key, authorization.Code, authorization.Approved);
    }
}
