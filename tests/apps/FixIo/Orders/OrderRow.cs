namespace FixIo.Orders;

public sealed record OrderRow(int Id, int CustomerId, decimal Total, bool Shipped);
