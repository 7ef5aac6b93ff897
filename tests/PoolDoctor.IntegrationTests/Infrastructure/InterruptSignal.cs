using System.Globalization;
using System.Runtime.InteropServices;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// SIGINT as a user's terminal gives it to the tool. A test run started in the background (bash scripts/test.sh run with a trailing ampersand
/// from a script) inherits SIGINT as ignored, exec keeps an ignored signal ignored, and a shell cannot undo that
/// (POSIX: `trap - INT` has no effect on a signal ignored on entry to a non-interactive shell). So the test host
/// itself puts SIGINT back to its default before it starts a tool that a test interrupts; every child it forks then
/// starts with the default, as from a terminal.
/// </summary>
public static partial class InterruptSignal
{
    private const int SigInt = 2;
    private static readonly nint Default = 0;

    /// <summary>True when SIGINT is ignored in this process (bit 2 of SigIgn in /proc/self/status).</summary>
    public static bool IsIgnoredHere() => IsIgnored("/proc/self/status");

    /// <summary>True when SIGINT is ignored in the process whose status file this is.</summary>
    public static bool IsIgnored(string statusFile)
    {
        var line = File.ReadLines(statusFile).First(l => l.StartsWith("SigIgn:", StringComparison.Ordinal));
        var mask = ulong.Parse(line["SigIgn:".Length..].Trim(), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        return (mask & (1UL << (SigInt - 1))) != 0;
    }

    /// <summary>Puts SIGINT back to its default in this process when it was inherited as ignored; a no-op otherwise.</summary>
    public static void EnsureDefault()
    {
        if (IsIgnoredHere())
        {
            Signal(SigInt, Default);
        }
    }

    [LibraryImport("libc", EntryPoint = "signal")]
    private static partial nint Signal(int signal, nint handler);
}
