using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// Reads fixtures/packages as `stacks` read them on the machine that recorded them: the app's deps.json names the
/// packages, the app's own assembly (kept with the fixture) gives its IL, and the package and framework assemblies
/// are found here (the ShopKit packages and StackExchange.Redis are built with the tests; the framework is this
/// machine's) for their metadata.
/// </summary>
internal static class PackageFixtures
{
    public static string Directory { get; } = Path.Combine(AppContext.BaseDirectory, "fixtures", "packages");

    private static string App => Path.Combine(Directory, "app");

    /// <summary>`/orders/42` behind UseRateLimiter with ShopKit.RedisWindow over StackExchange.Redis and a real Redis.</summary>
    public static string RedisWindow => Path.Combine(Directory, "redis-window.nettrace.gz");

    /// <summary>`/audited/orders/42`: ILogger.LogInformation into the ShopKit.AuditLog sink, which waits on an HTTP post.</summary>
    public static string AuditLog => Path.Combine(Directory, "audit-log.nettrace.gz");

    public static StackSnapshot Read(string path)
    {
        var snapshot = NettraceStackReader.Read(path, symbolsDirectory: App);
        var deps = Path.Combine(App, "PackagedShop.deps.json");
        // The folder the app ran from on the recording machine: where its package assemblies were.
        var recorded = snapshot.Modules.Where(m => m.Name.StartsWith("ShopKit.", StringComparison.Ordinal))
            .Select(m => Path.GetDirectoryName(m.Path)).First();
        var modules = ModuleOrigins.Classify(
                snapshot.Modules.Select(m => new LoadedModule(m.Name, m.Path)),
                directory => string.Equals(directory, recorded, StringComparison.Ordinal) || string.Equals(directory, App, StringComparison.Ordinal) ? [deps] : [])
            .Select(m => m with { Path = LocalCopy(m) })
            .ToList();
        var frames = snapshot.Stacks.SelectMany(s => s.Frames).Concat(snapshot.Waits.SelectMany(w => w.Frames));
        return snapshot with { Modules = modules, DeclaredApis = DeclaredApiReader.Read(frames, modules) };
    }

    // The recorded path when this machine has it, else an assembly of the same name beside the tests or in the runtime.
    private static string LocalCopy(ModuleInfo module)
    {
        if (File.Exists(module.Path))
        {
            return module.Path;
        }
        var file = module.Name + ".dll";
        string[] folders =
        [
            AppContext.BaseDirectory,
            System.Runtime.InteropServices.RuntimeEnvironment.GetRuntimeDirectory(),
            Path.GetDirectoryName(typeof(Microsoft.Extensions.Logging.LoggerExtensions).Assembly.Location)!,
        ];
        return folders.Select(f => Path.Combine(f, file)).FirstOrDefault(File.Exists) ?? module.Path;
    }
}
