using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.InteropServices;

namespace PoolDoctor.IntegrationTests.Fuzz;

/// <summary>
/// AFL++'s side of the fork-server handshake, for one run, with the first input empty. SharpFuzz reads its first input
/// from stdin as soon as it has greeted AFL++, and AFL++ writes that input only after the greeting: on a busy host the
/// target reads first and runs an empty input. AFL++ aborts the whole campaign ("No instrumentation detected") when
/// that first run leaves the coverage map empty. Here stdin is empty from the start, so the worst case happens every
/// time, and the map can be read after the run.
/// </summary>
internal static class ForkServerFirstRun
{
    private const int MapSize = 1 << 16;
    private const int IpcPrivate = 0;
    private const int IpcCreat = 0x200;
    private const int IpcRmid = 0;

    /// <summary>How many bytes of the coverage map the first run set, and what the target printed.</summary>
    public static (int CoveredBytes, string Output) CoverageOfAnEmptyFirstInput(string fuzzDll, string target)
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-forkserver-").FullName;
        var shmId = shmget(IpcPrivate, MapSize, IpcCreat | 0x180);
        if (shmId < 0)
        {
            throw new InvalidOperationException($"shmget failed: errno {Marshal.GetLastPInvokeError()}");
        }
        var map = shmat(shmId, 0, 0);
        try
        {
            if (map == -1)
            {
                throw new InvalidOperationException($"shmat failed: errno {Marshal.GetLastPInvokeError()}");
            }
            var empty = Path.Combine(folder, "input");
            File.WriteAllBytes(empty, []);
            var control = Path.Combine(folder, "control");
            var status = Path.Combine(folder, "status");
            foreach (var fifo in new[] { control, status })
            {
                if (mkfifo(fifo, 0x180) != 0)
                {
                    throw new InvalidOperationException($"mkfifo failed: errno {Marshal.GetLastPInvokeError()}");
                }
            }
            // Opened read-write, the control pipe never blocks its opener; the target reads it as fd 198.
            using var controlPipe = new FileStream(control, FileMode.Open, FileAccess.ReadWrite);
            var info = new ProcessStartInfo("bash") { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (var arg in new[] { "-c", "exec dotnet \"$0\" \"$1\" <\"$2\" 198<\"$3\" 199>\"$4\"", fuzzDll, target, empty, control, status })
            {
                info.ArgumentList.Add(arg);
            }
            info.Environment["__AFL_SHM_ID"] = shmId.ToString(System.Globalization.CultureInfo.InvariantCulture);
            using var process = Process.Start(info)!;
            var stdout = process.StandardOutput.ReadToEndAsync();
            var stderr = process.StandardError.ReadToEndAsync();
            try
            {
                var opening = Task.Run(() => new FileStream(status, FileMode.Open, FileAccess.Read));
                if (Task.WaitAny([opening, process.WaitForExitAsync()], TimeSpan.FromMinutes(1)) != 0)
                {
                    // The target is gone (or stuck) before opening its end: open it ourselves so the waiting open returns.
                    new FileStream(status, FileMode.Open, FileAccess.Write).Dispose();
                    opening.Result.Dispose();
                    throw new InvalidOperationException($"the target never opened the status pipe\n{Ended(process, stdout, stderr)}");
                }
                using var statusPipe = opening.Result;
                ReadInt(statusPipe, process, stdout, stderr); // the greeting
                controlPipe.Write(new byte[4]);
                controlPipe.Flush();
                ReadInt(statusPipe, process, stdout, stderr); // the pid of the run
                ReadInt(statusPipe, process, stdout, stderr); // the run's result
                var copy = new byte[MapSize];
                Marshal.Copy(map, copy, 0, MapSize);
                return (copy.Count(b => b != 0), Ended(process, stdout, stderr));
            }
            finally
            {
                if (!process.HasExited)
                {
                    process.Kill(entireProcessTree: true);
                }
                process.WaitForExit();
            }
        }
        finally
        {
            if (map != -1)
            {
                _ = shmdt(map);
            }
            _ = shmctl(shmId, IpcRmid, 0);
            Directory.Delete(folder, recursive: true);
        }
    }

    private static int ReadInt(FileStream pipe, Process process, Task<string> stdout, Task<string> stderr)
    {
        var buffer = new byte[4];
        var reading = Task.Run(() => pipe.ReadExactly(buffer));
        if (!reading.Wait(TimeSpan.FromMinutes(1)))
        {
            process.Kill(entireProcessTree: true);
            throw new InvalidOperationException($"no answer from the target within a minute\n{Ended(process, stdout, stderr)}");
        }
        if (reading.IsFaulted)
        {
            throw new InvalidOperationException($"the target closed the status pipe\n{Ended(process, stdout, stderr)}");
        }
        return BinaryPrimitives.ReadInt32LittleEndian(buffer);
    }

    private static string Ended(Process process, Task<string> stdout, Task<string> stderr)
    {
        if (!process.HasExited)
        {
            return "(still running)";
        }
        return $"exit {process.ExitCode}\n{stdout.Result}{stderr.Result}";
    }

#pragma warning disable SYSLIB1054 // plain DllImport: this test project does not allow unsafe code, which LibraryImport's stubs need
    [DllImport("libc", SetLastError = true)]
    private static extern int shmget(int key, nuint size, int flags);

    [DllImport("libc", SetLastError = true)]
    private static extern nint shmat(int id, nint address, int flags);

    [DllImport("libc", SetLastError = true)]
    private static extern int shmdt(nint address);

    [DllImport("libc", SetLastError = true)]
    private static extern int shmctl(int id, int command, nint buffer);

    [DllImport("libc", SetLastError = true)]
    private static extern int mkfifo(string path, uint mode);
#pragma warning restore SYSLIB1054
}
