namespace FixIo.Customers;

public sealed record Customer(int Id, string Name, string Email);
