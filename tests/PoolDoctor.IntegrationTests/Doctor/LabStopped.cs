using System.Diagnostics;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>No process is left with the launched lab's port on its command line: `diagnose` stopped what it started.</summary>
internal static class LabStopped
{
    public static void Assert(int port)
    {
        var listening = Process.GetProcesses().Any(p =>
        {
            try
            {
                return File.ReadAllText($"/proc/{p.Id}/cmdline").Contains($"127.0.0.1:{port}", StringComparison.Ordinal);
            }
            catch (IOException)
            {
                return false;
            }
            catch (UnauthorizedAccessException)
            {
                return false;
            }
        });
        Xunit.Assert.False(listening, $"the lab on port {port} is still running after diagnose exited");
    }
}
