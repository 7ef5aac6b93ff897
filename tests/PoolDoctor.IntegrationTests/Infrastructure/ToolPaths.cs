namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>Where the built tool lives: the test project references it, so its dll sits beside the tests.</summary>
public static class ToolPaths
{
    public static string ToolDll { get; } = Path.Combine(AppContext.BaseDirectory, "dotnet-pooldoctor.dll");

    public static string DotnetHost { get; } =
        Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";
}
