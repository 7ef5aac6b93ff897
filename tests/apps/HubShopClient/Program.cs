using Microsoft.AspNetCore.SignalR.Client;

// dotnet HubShopClient.dll HUB_URL [CONNECTIONS] [SECONDS] [MAX_CALLS_PER_CONNECTION]
// Every connection invokes GetStock (blocks on the server) and GetReserved (awaits) in turn until the time or the
// count runs out; prints the calls that completed.
if (args.Length < 1 || !Uri.TryCreate(args[0], UriKind.Absolute, out var hubUrl))
{
    Console.Error.WriteLine("usage: HubShopClient HUB_URL [CONNECTIONS] [SECONDS] [MAX_CALLS_PER_CONNECTION]");
    return 2;
}
var connections = args.Length > 1 ? int.Parse(args[1]) : 64;
var seconds = args.Length > 2 ? int.Parse(args[2]) : 30;
var maxCalls = args.Length > 3 ? int.Parse(args[3]) : 10_000;

using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(seconds));
var completed = 0;
var failed = 0;

async Task RunOne(int id)
{
    var connection = new HubConnectionBuilder().WithUrl(hubUrl).Build();
    connection.ServerTimeout = TimeSpan.FromMinutes(2);
    try
    {
        await connection.StartAsync(stop.Token);
        for (var i = 0; i < maxCalls && !stop.IsCancellationRequested; i++)
        {
            var method = i % 2 == 0 ? "GetStock" : "GetReserved";
            await connection.InvokeAsync<int>(method, "sku-" + id, stop.Token);
            Interlocked.Increment(ref completed);
        }
    }
    catch (OperationCanceledException) when (stop.IsCancellationRequested)
    {
    }
    catch (Exception e)
    {
        Interlocked.Increment(ref failed);
        Console.Error.WriteLine($"connection {id}: {e.GetType().Name}: {e.Message}");
    }
    finally
    {
        await connection.DisposeAsync();
    }
}

await Task.WhenAll(Enumerable.Range(0, connections).Select(RunOne));
Console.WriteLine($"{completed} calls completed, {failed} connections failed");
return 0;
