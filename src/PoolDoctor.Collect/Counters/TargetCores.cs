using System.Globalization;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// The processor count the target's runtime sees, which is what its `cpu-usage` counter is a percentage of:
/// DOTNET_PROCESSOR_COUNT if set, else the CPUs it may run on, capped by a cgroup v2 CPU quota.
/// </summary>
internal static class TargetCores
{
    public static int Of(int pid)
    {
        if (pid <= 0)
        {
            return Environment.ProcessorCount;
        }
        if (ProcFs.EnvironmentVariable(pid, "DOTNET_PROCESSOR_COUNT") is { } forced
            && int.TryParse(forced, NumberStyles.Integer, CultureInfo.InvariantCulture, out var count) && count > 0)
        {
            return count;
        }
        var cores = AllowedCpus(pid) ?? Environment.ProcessorCount;
        if (QuotaCores(pid) is { } quota && quota < cores)
        {
            cores = quota;
        }
        return Math.Max(1, cores);
    }

    internal static int? CountCpuList(string list)
    {
        var total = 0;
        foreach (var part in list.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var range = part.Split('-');
            if (!int.TryParse(range[0], out var first))
            {
                return null;
            }
            var last = range.Length > 1 && int.TryParse(range[1], out var l) ? l : first;
            total += last - first + 1;
        }
        return total > 0 ? total : null;
    }

    internal static int? CountQuota(string cpuMax)
    {
        var parts = cpuMax.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length != 2 || parts[0] == "max"
            || !double.TryParse(parts[0], NumberStyles.Float, CultureInfo.InvariantCulture, out var quota)
            || !double.TryParse(parts[1], NumberStyles.Float, CultureInfo.InvariantCulture, out var period) || period <= 0)
        {
            return null;
        }
        return Math.Max(1, (int)Math.Ceiling(quota / period));
    }

    private static int? AllowedCpus(int pid)
    {
        var list = ProcFs.StatusField(pid, "Cpus_allowed_list");
        return list is null ? null : CountCpuList(list);
    }

    private static int? QuotaCores(int pid)
    {
        var cgroup = ProcFs.CgroupV2Path(pid);
        if (cgroup is null)
        {
            return null;
        }
        var file = Path.Combine("/sys/fs/cgroup", cgroup.TrimStart('/'), "cpu.max");
        return ProcFs.ReadLines(file).FirstOrDefault() is { } max ? CountQuota(max) : null;
    }
}
