using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks;

public sealed class ModuleOriginReaderTests
{
    private const string HandWritten = """
        {
          "runtimeTarget": { "name": ".NETCoreApp,Version=v10.0" },
          "targets": {
            ".NETCoreApp,Version=v10.0": {
              "Shop.Api/1.0.0": { "dependencies": { "Dapper": "2.1.35" }, "runtime": { "Shop.Api.dll": {} } },
              "Microsoft.Shop.Data/1.0.0": { "runtime": { "Microsoft.Shop.Data.dll": {} } },
              "Dapper/2.1.35": { "runtime": { "lib/net8.0/Dapper.dll": { "assemblyVersion": "2.0.0.0" } } },
              "runtimepack.Microsoft.NETCore.App.Runtime.linux-x64/10.0.1": { "runtime": { "System.Private.CoreLib.dll": {} } },
              "Odd/1.0.0": { "runtime": { "Odd.dll": {} } },
              "NoRuntime/1.0.0": { "dependencies": {} }
            }
          },
          "libraries": {
            "Shop.Api/1.0.0": { "type": "project", "serviceable": false },
            "Microsoft.Shop.Data/1.0.0": { "type": "project" },
            "Dapper/2.1.35": { "type": "package", "serviceable": true },
            "runtimepack.Microsoft.NETCore.App.Runtime.linux-x64/10.0.1": { "type": "runtimepack" },
            "Odd/1.0.0": { "type": "something-new" },
            "NoRuntime/1.0.0": { "type": "package" }
          }
        }
        """;

    [Fact]
    public void Deps_json_says_project_package_and_runtime_pack()
    {
        var origins = DepsJson.Parse(HandWritten);

        Assert.Equal(ModuleOrigin.App, origins["Shop.Api"]);
        // The app's own code whatever its namespace.
        Assert.Equal(ModuleOrigin.App, origins["Microsoft.Shop.Data"]);
        Assert.Equal(ModuleOrigin.Package, origins["dapper"]);
        Assert.Equal(ModuleOrigin.Framework, origins["System.Private.CoreLib"]);
        Assert.False(origins.ContainsKey("Odd"));
        Assert.False(origins.ContainsKey("NoRuntime"));
        Assert.Equal(4, origins.Count);
    }

    [Theory]
    [InlineData("")]
    [InlineData("[]")]
    [InlineData("{\"targets\": 3, \"libraries\": {}}")]
    public void Deps_json_without_the_expected_shape_says_nothing(string json) =>
        Assert.Empty(DepsJson.Parse(json));

    [Fact]
    public void Unreadable_deps_json_says_nothing()
    {
        var path = StackFixtures.WriteTemp("{ not json"u8.ToArray(), "broken.deps.json");
        try
        {
            Assert.Empty(DepsJson.Read(path));
            Assert.Empty(DepsJson.Read(path + ".missing"));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Shared_framework_paths_are_framework_and_the_rest_follows_the_apps_deps_json()
    {
        var app = Path.Combine(Path.GetTempPath(), $"pooldoctor-test-{Guid.NewGuid():N}", "Shop", "bin");
        Directory.CreateDirectory(app);
        File.WriteAllText(Path.Combine(app, "Shop.Api.deps.json"), HandWritten);
        try
        {
            var modules = ModuleOriginReader.Classify(
            [
                new LoadedModule("System.Private.CoreLib", "/usr/share/dotnet/shared/Microsoft.NETCore.App/10.0.1/System.Private.CoreLib.dll"),
                new LoadedModule("Microsoft.AspNetCore.Routing", @"C:\Program Files\dotnet\shared\Microsoft.AspNetCore.App\10.0.1\Microsoft.AspNetCore.Routing.dll"),
                new LoadedModule("Shop.Api", Path.Combine(app, "Shop.Api.dll")),
                // The rundown sometimes spells a path in lower case; a case-sensitive file system still finds the folder.
                new LoadedModule("microsoft.shop.data", Path.Combine(app, "microsoft.shop.data.dll").ToLowerInvariant()),
                new LoadedModule("Dapper", Path.Combine(app, "Dapper.dll")),
                new LoadedModule("Plugin", Path.Combine(app, "Plugin.dll")),
                new LoadedModule("Elsewhere", "/nowhere/at/all/Elsewhere.dll"),
                new LoadedModule("Anonymously Hosted DynamicMethods Assembly", "Anonymously Hosted DynamicMethods Assembly"),
            ]);

            var origin = modules.ToDictionary(m => m.Name, m => m.Origin);
            Assert.Equal(ModuleOrigin.Framework, origin["System.Private.CoreLib"]);
            Assert.Equal(ModuleOrigin.Framework, origin["Microsoft.AspNetCore.Routing"]);
            Assert.Equal(ModuleOrigin.App, origin["Shop.Api"]);
            Assert.Equal(ModuleOrigin.App, origin["microsoft.shop.data"]);
            Assert.Equal(ModuleOrigin.Package, origin["Dapper"]);
            Assert.Equal(ModuleOrigin.Unknown, origin["Plugin"]);
            Assert.Equal(ModuleOrigin.Unknown, origin["Elsewhere"]);
            Assert.Equal(ModuleOrigin.Unknown, origin["Anonymously Hosted DynamicMethods Assembly"]);
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(Path.GetDirectoryName(app))!, recursive: true);
        }
    }

    [Fact]
    public void Recorded_trace_lists_its_modules_with_framework_origins()
    {
        var snapshot = NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWaitAspNet);
        var modules = snapshot.Modules.ToDictionary(m => m.Name, StringComparer.OrdinalIgnoreCase);

        Assert.Equal(ModuleOrigin.Framework, modules["System.Private.CoreLib"].Origin);
        Assert.Equal(ModuleOrigin.Framework, modules["Microsoft.AspNetCore.Server.Kestrel.Core"].Origin);
        // Every frame's module is listed under the name the frame carries.
        var frameModules = snapshot.Stacks.SelectMany(s => s.Frames).Select(f => f.Module).Where(m => m != "?").Distinct();
        Assert.All(frameModules, m => Assert.Contains(m, (IDictionary<string, ModuleInfo>)modules));
    }

    [Fact]
    public void Recorded_trace_with_its_apps_deps_json_gives_app_and_package()
    {
        // The trace names the folder it was recorded in; this machine may not have it, so the tool's deps.json of that
        // build (kept with the fixture) stands in for that folder's.
        var snapshot = NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWaitAspNet);
        var lab = snapshot.Modules.Single(m => m.Name == "PoolDoctor.Lab");
        var appFolder = Path.GetDirectoryName(lab.Path)!;

        var modules = ModuleOriginReader.Classify(
            snapshot.Modules.Select(m => new LoadedModule(m.Name, m.Path)),
            directory => string.Equals(directory, appFolder, StringComparison.OrdinalIgnoreCase) ? [StackFixtures.PoolDoctorTaskWaitAspNetDepsJson] : [])
            .ToDictionary(m => m.Name, m => m.Origin, StringComparer.OrdinalIgnoreCase);

        Assert.Equal(ModuleOrigin.App, modules["PoolDoctor.Lab"]);
        Assert.Equal(ModuleOrigin.App, modules["dotnet-pooldoctor"]);
        Assert.Equal(ModuleOrigin.Package, modules["System.CommandLine"]);
        Assert.Equal(ModuleOrigin.Framework, modules["System.Private.CoreLib"]);
    }
}
