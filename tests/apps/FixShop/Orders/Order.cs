namespace FixShop.Orders;

public sealed record Order(int Id, string Customer, decimal Total, bool Cancelled);
