using System.Globalization;

namespace ShopApi.Invoices;

public sealed class InvoiceService(InvoiceStore store)
{
    public string Total(int id) => store.Load(id).ToString(CultureInfo.InvariantCulture);
}
