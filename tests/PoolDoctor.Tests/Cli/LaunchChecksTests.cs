using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

public sealed class LaunchChecksTests
{
    [Theory]
    [InlineData("dotnet app.dll", "app.dll")]
    [InlineData("/usr/share/dotnet/dotnet bin/App.DLL --urls x", "bin/App.DLL")]
    [InlineData("dotnet exec --runtimeconfig r.json app.dll", "app.dll")]
    [InlineData("dotnet run --project x", null)]
    [InlineData("dotnet test", null)]
    [InlineData("./app app.dll", null)]
    [InlineData("dotnet", null)]
    public void The_dll_dotnet_is_asked_to_run(string command, string? expected) =>
        Assert.Equal(expected, LaunchChecks.AppFile(command.Split(' ')));

    [Fact]
    public void A_missing_dll_is_a_failed_run_naming_it_and_an_existing_one_passes()
    {
        var error = Assert.Throws<RunFailedException>(() => LaunchChecks.AppFileExists(["dotnet", "/nonexistent-pooldoctor/missing.dll"]));
        Assert.StartsWith("'/nonexistent-pooldoctor/missing.dll' does not exist", error.Message, StringComparison.Ordinal);

        var file = Path.Combine(Directory.CreateTempSubdirectory("pd-app-").FullName, "app.dll");
        File.WriteAllBytes(file, []);
        LaunchChecks.AppFileExists(["dotnet", file]);
    }
}
