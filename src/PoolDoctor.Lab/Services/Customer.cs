namespace PoolDoctor.Lab.Services;

public sealed record Customer(int Id, string Name);
