namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>Where the built tool lives: the test project references it, so its dll sits beside the tests.</summary>
public static class ToolPaths
{
    public static string ToolDll { get; } = Path.Combine(AppContext.BaseDirectory, "dotnet-pooldoctor.dll");

    public static string DotnetHost { get; } =
        Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";

    /// <summary>The checkout the tests were built from (the folder holding PoolDoctor.slnx).</summary>
    public static string RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "PoolDoctor.slnx")))
            {
                return dir.FullName;
            }
        }
        throw new InvalidOperationException($"no PoolDoctor.slnx above {AppContext.BaseDirectory}");
    }

    /// <summary>A test app under tests/apps built with the solution in the tests' own configuration.</summary>
    public static string TestAppDll(string name) =>
        Path.Combine(RepositoryRoot(), "tests", "apps", name, "bin", new DirectoryInfo(AppContext.BaseDirectory).Parent!.Name, "net10.0", name + ".dll");
}
