using System.Globalization;

namespace PoolDoctor.Lab.Services;

/// <summary>The invoice layer a static endpoint class keeps in a static field.</summary>
public sealed class InvoiceService(InvoiceStore store)
{
    public string Total(int id) => store.Load(id).ToString(CultureInfo.InvariantCulture);
}
