using System.Globalization;

namespace ShopKit.QuotaLimiter;

/// <summary>Asks the quota service for permits: "1" in the reply's body grants them.</summary>
internal sealed class QuotaClient(Uri quotaService, string partition)
{
    private static readonly HttpClient Http = new();

    public bool TryTake(int permits) => TryTakeAsync(permits, CancellationToken.None).GetAwaiter().GetResult();

    public async Task<bool> TryTakeAsync(int permits, CancellationToken cancellationToken)
    {
        var uri = new Uri(quotaService, $"take?partition={Uri.EscapeDataString(partition)}&permits={permits.ToString(CultureInfo.InvariantCulture)}");
        using var response = await Http.PostAsync(uri, null, cancellationToken).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();
        return (await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false)).Trim() == "1";
    }
}
