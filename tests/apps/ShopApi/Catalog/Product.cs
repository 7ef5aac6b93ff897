namespace ShopApi.Catalog;

public sealed record Product(string Name, decimal Price);
