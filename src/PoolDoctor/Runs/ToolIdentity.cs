using System.Reflection;
using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Runs;

/// <summary>The running tool's version (the entry assembly's informational version) and the command line it was started with.</summary>
internal static class ToolIdentity
{
    public static ToolContext Current()
    {
        var entry = Assembly.GetEntryAssembly();
        var version = entry?.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? entry?.GetName().Version?.ToString()
            ?? "unknown";
        // argv[0] is the tool's dll; the verb and options follow. Quoted only where a space would make it ambiguous.
        var args = Environment.GetCommandLineArgs().Skip(1).Select(a => a.Contains(' ', StringComparison.Ordinal) ? $"\"{a}\"" : a);
        return new ToolContext(version, string.Join(' ', ["dotnet-pooldoctor", .. args]));
    }
}
