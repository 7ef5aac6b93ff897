using System.Globalization;
using System.Text.RegularExpressions;
using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// The report's context block for a target, read from what Linux shows of it (/proc/PID/maps, cgroup cpu.max,
/// /proc/PID/environ) plus what the tool already knows (the runtime version it probed, the processor count the
/// counters use). Whatever cannot be read stays null with its reason: the report must never show a guessed setting.
/// </summary>
public static partial class TargetContextReader
{
    public static TargetContext Read(int pid, string commandLine, Version? probedRuntime, int? processorCount)
    {
        var unknown = new Dictionary<string, string>();
        var runtime = probedRuntime?.ToString() ?? RuntimeFromMaps(pid);
        if (runtime is null)
        {
            unknown["runtimeVersion"] = "the runtime did not answer the version request and no libcoreclr.so path in /proc/PID/maps names one";
        }
        if (processorCount is null)
        {
            unknown["processorCount"] = "no counter sample was received";
        }
        var cpuLimit = CpuLimit(pid, out var cpuWhy);
        if (cpuLimit is null)
        {
            unknown["cpuLimit"] = cpuWhy;
        }
        // The pool's bounds live in the target's memory (SetMinThreads, runtimeconfig.json, environment); the runtime only
        // reports them in an event when they change, so from outside they are unknown. A forced value in the environment is
        // named, not taken as the answer: SetMinThreads can still change it after start.
        unknown["minWorkerThreads"] = Bounds(pid, "Min");
        unknown["maxWorkerThreads"] = Bounds(pid, "Max");
        if (string.IsNullOrEmpty(commandLine))
        {
            unknown["commandLine"] = "/proc/PID/cmdline was not readable (no pid: attached through a diagnostic port)";
        }
        return new TargetContext(runtime, processorCount, cpuLimit, null, null, string.IsNullOrEmpty(commandLine) ? null : commandLine)
        {
            Unknown = unknown,
            ConfiguredMin = TargetMinThreads.Of(pid),
            ConfiguredMax = TargetMinThreads.MaxOf(pid),
        };
    }

    /// <summary>The shared framework's version from the folder its libcoreclr.so was mapped from (…/Microsoft.NETCore.App/10.0.0/).</summary>
    internal static string? RuntimeFromMaps(int pid) =>
        pid <= 0 ? null : RuntimeFromMapsLines(ProcFs.ReadLines($"/proc/{pid}/maps"));

    internal static string? RuntimeFromMapsLines(IEnumerable<string> maps)
    {
        foreach (var line in maps)
        {
            var match = CoreClrPath().Match(line);
            if (match.Success)
            {
                return match.Groups[1].Value;
            }
        }
        return null;
    }

    /// <summary>cgroup v2 <c>cpu.max</c> as cores (quota / period, e.g. 1.5), null with the reason when there is no quota.</summary>
    internal static double? CpuLimit(int pid, out string why)
    {
        var cgroup = pid > 0 ? ProcFs.CgroupV2Path(pid) : null;
        if (cgroup is null)
        {
            why = "no cgroup v2 entry in /proc/PID/cgroup";
            return null;
        }
        var file = Path.Combine("/sys/fs/cgroup", cgroup.TrimStart('/'), "cpu.max");
        var line = ProcFs.ReadLines(file).FirstOrDefault();
        if (line is null)
        {
            // cgroup v2 has no cpu.max at the root (nor where the cpu controller is not enabled): no quota there.
            why = File.Exists(file) ? $"{file} is not readable" : $"no CPU quota: {file} does not exist (root cgroup or no cpu controller)";
            return null;
        }
        return ParseCpuMax(line, out why);
    }

    internal static double? ParseCpuMax(string cpuMax, out string why)
    {
        var parts = cpuMax.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length == 2 && parts[0] == "max")
        {
            why = "no CPU quota (cgroup cpu.max is \"max\")";
            return null;
        }
        if (parts.Length != 2
            || !double.TryParse(parts[0], NumberStyles.Float, CultureInfo.InvariantCulture, out var quota)
            || !double.TryParse(parts[1], NumberStyles.Float, CultureInfo.InvariantCulture, out var period) || period <= 0 || quota <= 0)
        {
            why = $"cgroup cpu.max \"{cpuMax}\" is not \"QUOTA PERIOD\"";
            return null;
        }
        why = "";
        return Math.Round(quota / period, 3);
    }

    private static string Bounds(int pid, string which)
    {
        var name = $"DOTNET_ThreadPool_Force{which}WorkerThreads";
        var forced = pid > 0 ? ProcFs.EnvironmentVariable(pid, name) : null;
        var why = "not readable from outside the process: SetMinThreads/SetMaxThreads, runtimeconfig.json or the environment set it in its memory";
        return forced is not null && int.TryParse(forced, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var value)
            ? $"{why}; the target started with {name}={forced} (hex: {value})"
            : why;
    }

    [GeneratedRegex(@"/Microsoft\.NETCore\.App/(\d+\.\d+\.\d+[^/]*)/libcoreclr\.so$")]
    private static partial Regex CoreClrPath();
}
