using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Tests.Attach;

public sealed class ProcessNamingTests
{
    [Theory]
    [InlineData("dotnet", "dotnet /opt/app/bin/MyService.dll --urls http://127.0.0.1:5000", "MyService")]
    [InlineData("dotnet", "dotnet exec --runtimeconfig x.json /opt/app/Api.Host.dll", "Api.Host")]
    [InlineData("dotnet", "dotnet run --project src/x", null)]
    [InlineData("MyService", "/opt/app/MyService --urls http://127.0.0.1:5000", null)]
    public void Entry_assembly_names_dotnet_hosted_processes(string comm, string commandLine, string? expected) =>
        Assert.Equal(expected, ProcessCatalog.EntryAssemblyName(comm, commandLine));

    [Theory]
    [InlineData("dotnet-pooldoct", "/root/.dotnet/tools/dotnet-pooldoctor lab --urls http://127.0.0.1:5000", "dotnet-pooldoctor")]
    [InlineData("short", "/opt/app/short --x", "short")]
    [InlineData("abcdefghijklmno", "/opt/other/name", "abcdefghijklmno")]
    public void Names_cut_by_the_kernel_are_completed_from_the_command_line(string comm, string commandLine, string expected) =>
        Assert.Equal(expected, ProcessCatalog.UntruncatedName(comm, commandLine));

    [Fact]
    public void Name_matching_ignores_case_but_not_partial_names()
    {
        var process = new TargetProcess(42, "MyService", "dotnet MyService.dll");
        Assert.True(ProcessCatalog.NameMatches(process, "myservice"));
        Assert.False(ProcessCatalog.NameMatches(process, "MyServ"));
    }

    [Theory]
    [InlineData("/tmp/dotnet-diagnostic-1234-567890-socket", 1234)]
    [InlineData("/tmp/dotnet-diagnostic-1234-567890-socket,connect", 1234)]
    [InlineData("/var/run/my-port.sock,listen", 0)]
    public void Default_socket_names_carry_the_pid(string port, int expected) =>
        Assert.Equal(expected, AttachedTarget.PidFromSocketName(port));

    [Fact]
    public void Socket_scan_reads_only_runtime_socket_names()
    {
        var dir = Directory.CreateTempSubdirectory("pd-sockets-");
        try
        {
            File.WriteAllText(Path.Combine(dir.FullName, "dotnet-diagnostic-321-99-socket"), "");
            File.WriteAllText(Path.Combine(dir.FullName, "dotnet-diagnostic-abc-99-socket"), "");
            File.WriteAllText(Path.Combine(dir.FullName, "other-socket"), "");
            Assert.Equal([321], DiagnosticSockets.SocketOwners(dir.FullName).ToArray());
        }
        finally
        {
            dir.Delete(recursive: true);
        }
    }

    [Fact]
    public void A_missing_directory_is_not_an_error() =>
        Assert.Empty(DiagnosticSockets.SocketOwners("/nonexistent/pooldoctor-test"));
}
