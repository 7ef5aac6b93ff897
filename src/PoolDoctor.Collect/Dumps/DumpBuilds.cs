using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// Which of the app's assemblies on this machine are another build than the one the dump ran: the runtime keeps each
/// loaded module's PDB id (its CodeView GUID) in memory, so a dump says which build ran even where the folder it ran
/// from has since been redeployed, or a --symbols folder holds another commit. Such a module lends names and calls but
/// no lines: they would not match the code that ran.
/// </summary>
internal static class DumpBuilds
{
    /// <param name="ranBuilds">The PDB id the dump records per module name (Guid.Empty when it records none).</param>
    /// <returns>Module name → one line saying why its local file gives no lines.</returns>
    public static Dictionary<string, string> Other(IReadOnlyDictionary<string, Guid> ranBuilds, IReadOnlyList<ModuleInfo> modules)
    {
        var found = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var module in modules.Where(m => m.Origin == ModuleOrigin.App && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path)))
        {
            if (ranBuilds.TryGetValue(module.Name, out var ran) && AssemblyBuildId.Mismatch(module.Name, module.Path, ran) is { } line)
            {
                found[module.Name] = line;
            }
        }
        return found;
    }
}
