namespace PaymentsApi.Payments;

public sealed record PaymentRequest(string Card, decimal Amount, string Currency);

public sealed record Authorization(string Code, bool Approved);

public sealed record PaymentReceipt(string IdempotencyKey, string Code, bool Approved);
