using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Tests.Collect.Attach;

/// <summary>How a process is named in lists and reports; command lines below are its arguments, '|'-separated as
/// /proc/PID/cmdline separates them with NULs (so a path with a space is one argument).</summary>
public sealed class ProcessNamingTests
{
    [Theory]
    [InlineData("dotnet", "dotnet|/opt/app/bin/MyService.dll|--urls|http://127.0.0.1:5000", "MyService")]
    [InlineData("dotnet", "dotnet|exec|--runtimeconfig|x.json|/opt/app/Api.Host.dll", "Api.Host")]
    [InlineData("dotnet", "dotnet|/srv/my apps/Shop.Api.dll", "Shop.Api")]
    [InlineData("dotnet", "dotnet|/srv/a.dll dir/Shop.Api.dll", "Shop.Api")]
    [InlineData("dotnet", "dotnet|run|--project|src/x", null)]
    [InlineData("MyService", "/opt/app/MyService|--urls|http://127.0.0.1:5000", null)]
    public void Entry_assembly_names_dotnet_hosted_processes(string comm, string commandLine, string? expected) =>
        Assert.Equal(expected, ProcessCatalog.EntryAssemblyName(comm, commandLine.Split('|')));

    [Theory]
    [InlineData("dotnet-pooldoct", "/root/.dotnet/tools/dotnet-pooldoctor|lab|--urls|http://127.0.0.1:5000", "dotnet-pooldoctor")]
    [InlineData("dotnet-pooldoct", "/opt/my tools/dotnet-pooldoctor|lab", "dotnet-pooldoctor")]
    [InlineData("short", "/opt/app/short|--x", "short")]
    [InlineData("abcdefghijklmno", "/opt/other/name", "abcdefghijklmno")]
    public void Names_cut_by_the_kernel_are_completed_from_the_command_line(string comm, string commandLine, string expected) =>
        Assert.Equal(expected, ProcessCatalog.UntruncatedName(comm, commandLine.Split('|')));

    [Theory]
    [InlineData("dotnet-pooldoctor", "/root/.dotnet/tools/dotnet-pooldoctor|lab|--urls|http://127.0.0.1:0", "pooldoctor-lab")]
    [InlineData("dotnet-pooldoctor", "/usr/bin/dotnet|/opt/pd/dotnet-pooldoctor.dll|lab", "pooldoctor-lab")]
    [InlineData("dotnet-pooldoctor", "/usr/bin/dotnet|/opt/my tools/dotnet-pooldoctor.dll|lab", "pooldoctor-lab")]
    [InlineData("dotnet-pooldoctor", "/root/.dotnet/tools/dotnet-pooldoctor|diagnose|--|dotnet-pooldoctor|lab", null)]
    [InlineData("MyService", "/opt/app/MyService|lab", null)]
    public void The_tools_own_lab_is_named_for_what_it_is(string name, string commandLine, string? expected) =>
        Assert.Equal(expected, ProcessCatalog.LabName(name, commandLine.Split('|')));

    [Fact]
    public void The_lab_answers_to_its_own_name_and_to_the_executables()
    {
        var lab = new TargetProcess(42, ProcessCatalog.Lab, "dotnet-pooldoctor lab");
        Assert.True(ProcessCatalog.NameMatches(lab, "pooldoctor-lab"));
        Assert.True(ProcessCatalog.NameMatches(lab, "dotnet-pooldoctor"));
        Assert.False(ProcessCatalog.NameMatches(new TargetProcess(43, "MyService", "MyService"), "dotnet-pooldoctor"));
    }

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
    [InlineData("/proc/4321/root/tmp/dotnet-diagnostic-1-567890-socket,connect", 4321)]
    public void Default_socket_names_carry_the_pid(string port, int expected) =>
        Assert.Equal(expected, DiagnosticSockets.PidFromSocketName(port));

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

    [Theory]
    [InlineData("1295 (.NET Debugger) S 1274 1274 1 0 -1 4194368 0 0 0 0 0 0 0 0 20 0 3 0 451204 1 2 3", 451204L)]
    [InlineData("77 (a) b) R 1 77 1 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 605014 100 3", 605014L)]
    [InlineData("garbage", null)]
    public void Start_time_is_field_22_even_when_the_name_has_spaces_and_parentheses(string stat, long? expected) =>
        Assert.Equal(expected, ProcFs.ParseStartTime(stat));

    [Fact]
    public void A_live_process_owns_the_socket_named_with_its_start_time()
    {
        var self = Environment.ProcessId;
        Assert.NotNull(ProcFs.StartTime(self));
        Assert.True(DiagnosticSockets.IsPublished(self), "this test host's own diagnostics socket should be found");
    }

    [Theory]
    [InlineData("NSpid:\t4321", 4321)]
    [InlineData("NSpid:\t4321\t1", 1)]
    [InlineData("NSpid:", null)]
    [InlineData(null, null)]
    public void The_pid_a_process_sees_for_itself_is_the_last_nspid(string? line, int? expected) =>
        Assert.Equal(expected, ProcFs.ParseNamespacePid(line));

    [Fact]
    public void This_process_is_in_its_own_mount_namespace_and_sees_its_own_socket_where_the_client_looks()
    {
        var self = Environment.ProcessId;
        Assert.False(ProcFs.HasOtherMountNamespace(self));
        Assert.Equal(self, ProcFs.PidInOwnNamespace(self));
        var socket = DiagnosticSockets.PathOf(self);
        Assert.NotNull(socket);
        Assert.True(DiagnosticSockets.IsWhereClientLooks(socket!, self), socket);
        Assert.False(DiagnosticSockets.IsWhereClientLooks($"/proc/{self}/root/tmp/{Path.GetFileName(socket)}", self));
    }

    [Fact]
    public void A_missing_directory_is_not_an_error() =>
        Assert.Empty(DiagnosticSockets.SocketOwners("/nonexistent/pooldoctor-test"));
}
