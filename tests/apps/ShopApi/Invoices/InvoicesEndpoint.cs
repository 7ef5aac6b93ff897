namespace ShopApi.Invoices;

public static class InvoicesEndpoint
{
    private static readonly InvoiceService Service = new(new InvoiceStore());

    public static string Get(int id) => Service.Total(id);
}
