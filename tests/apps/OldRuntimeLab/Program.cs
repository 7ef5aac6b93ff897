using System.Runtime.InteropServices;
using OldRuntimeLab;

// A minimal-API service with three ways to block a pool thread and their async twins, for the runtimes before the
// tool's own (.NET 8 and 9). The "database" is a loopback server in this process that answers each query after a pause.
var builder = WebApplication.CreateSlimBuilder(args);
builder.Logging.ClearProviders();
var app = builder.Build();

await using var database = SlowServer.Start(TimeSpan.FromMilliseconds(200));
var store = new OrderStore(database.Port);

app.MapGet("/hello", () => "hello");
app.MapGet("/taskwait", () => Handlers.TaskWait());
app.MapGet("/taskasyncwait", Handlers.TaskAsyncWait);
app.MapGet("/sleep", () => Handlers.Sleep());
app.MapGet("/db/sync", () => store.CountSync());
app.MapGet("/db/async", () => store.CountAsync());

await app.StartAsync();
Console.WriteLine($"OldRuntimeLab listening on {string.Join(' ', app.Urls)} ({RuntimeInformation.FrameworkDescription})");
await app.WaitForShutdownAsync();
