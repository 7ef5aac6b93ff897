namespace ShopApi.Customers;

public sealed record Customer(int Id, string Name);
