namespace PoolDoctor.Lab.Services;

/// <summary>A client of the order system whose sync <see cref="Status"/> waits on its own async call with <c>.Result</c>.</summary>
public sealed class OrderStatusClient(TimeSpan roundTrip)
{
    public string Status(int id) => StatusAsync(id).Result;

    private async Task<string> StatusAsync(int id)
    {
        await Task.Delay(roundTrip);
        return id % 2 == 0 ? "shipped" : "open";
    }
}
