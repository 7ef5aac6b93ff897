using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Watch;

/// <summary>
/// The lab under a process name no other process on the machine has: a symbolic link named NAME to the tool's apphost
/// (the kernel names the process after the link), so `-n NAME` finds exactly this lab and its restarts.
/// </summary>
internal sealed class RenamedLab : IDisposable
{
    private readonly string _directory = Path.Combine(Path.GetTempPath(), $"pooldoctor-renamed-{Guid.NewGuid():N}");

    public RenamedLab()
    {
        Name = "pdlab" + Guid.NewGuid().ToString("N")[..8];
        Directory.CreateDirectory(_directory);
        Executable = Path.Combine(_directory, Name);
        File.CreateSymbolicLink(Executable, Path.ChangeExtension(ToolPaths.ToolDll, null));
    }

    public string Name { get; }

    public string Executable { get; }

    public Task<LabProcess> StartAsync() =>
        LabProcess.StartAsync(environment: new Dictionary<string, string> { ["DOTNET_ROOT"] = DotnetRoot() }, executable: Executable);

    /// <summary>The apphost finds the runtime through DOTNET_ROOT: the directory of the real `dotnet` the tests run with.</summary>
    private static string DotnetRoot()
    {
        var host = ToolPaths.DotnetHost;
        if (!Path.IsPathRooted(host))
        {
            host = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':')
                .Select(d => Path.Combine(d, host)).FirstOrDefault(File.Exists) ?? "/usr/share/dotnet/dotnet";
        }
        var real = new FileInfo(host).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? host;
        return Path.GetDirectoryName(real)!;
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}
