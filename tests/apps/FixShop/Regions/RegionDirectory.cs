namespace FixShop.Regions;

/// <summary>Which regions a shop serves, asked of the region service (a 25 ms remote read).</summary>
public sealed class RegionDirectory
{
    public async Task<bool> ServesAsync(string region)
    {
        await Task.Delay(25);
        return region is "eu" or "us";
    }
}
