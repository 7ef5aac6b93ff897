using System.Diagnostics;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// The Ctrl+C tests interrupt the tool with SIGINT as a terminal does; a suite started in the background inherits
/// SIGINT as ignored. After <see cref="InterruptSignal.EnsureDefault"/> a child starts with SIGINT at its default
/// whatever this process inherited (run the suite under <c>trap '' INT</c> to see the difference).
/// </summary>
public sealed class InterruptSignalTests
{
    [Fact]
    public async Task A_child_started_after_EnsureDefault_does_not_ignore_SIGINT()
    {
        InterruptSignal.EnsureDefault();
        Assert.False(InterruptSignal.IsIgnoredHere());
        var info = new ProcessStartInfo("grep") { RedirectStandardOutput = true, UseShellExecute = false };
        info.ArgumentList.Add("^SigIgn:");
        info.ArgumentList.Add("/proc/self/status");
        using var child = Process.Start(info)!;
        var line = await child.StandardOutput.ReadToEndAsync();
        await child.WaitForExitAsync();
        var status = Path.GetTempFileName();
        try
        {
            await File.WriteAllTextAsync(status, line);
            Assert.False(InterruptSignal.IsIgnored(status), $"the child ignores SIGINT: {line}");
        }
        finally
        {
            File.Delete(status);
        }
    }
}
