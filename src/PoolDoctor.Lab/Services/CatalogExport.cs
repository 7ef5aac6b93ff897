namespace PoolDoctor.Lab.Services;

/// <summary>
/// A negative for the corpus: builds a large text export in pages, allocating a few MB per request, and yields
/// between pages. Heavy on the GC, never blocking a thread.
/// </summary>
public static class CatalogExport
{
    private const int Pages = 8;
    private const int RowsPerPage = 1000;

    public static async Task<string> RenderAsync()
    {
        var total = 0L;
        for (var page = 0; page < Pages; page++)
        {
            var rows = new List<string>(RowsPerPage);
            for (var i = 0; i < RowsPerPage; i++)
            {
                rows.Add($"item-{page}-{i}-" + new string('x', 64));
            }
            total += string.Join(',', rows).Length;
            await Task.Yield();
        }
        return $"success:alloc {total} chars";
    }
}
