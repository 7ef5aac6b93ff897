using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Minimal;

/// <summary>A static endpoint class mapped as a method group, its service held in a static field.</summary>
public static class InvoicesEndpoint
{
    private static readonly InvoiceService Service = new(new InvoiceStore());

    public static string Get(int id) => $"success:invoices {Service.Total(id)}";
}
