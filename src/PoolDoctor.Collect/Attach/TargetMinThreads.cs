using System.Globalization;
using System.Text.Json;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// Reads the MinThreads (and MaxThreads) a target's runtime was started with, from the two places a user configures
/// them outside code: the environment (<c>DOTNET_ThreadPool_ForceMinWorkerThreads</c>, or its older <c>COMPlus_</c>
/// spelling; <c>…ForceMaxWorkerThreads</c>) and the app's runtimeconfig.json (<c>System.Threading.ThreadPool.MinThreads</c>,
/// <c>…MaxThreads</c>). Measured on .NET 10: the variable wins over runtimeconfig.json, and it is read as hex (<c>300</c>
/// gives 768 threads, <c>0x12C</c> and <c>12C</c> give 300), while runtimeconfig.json holds a decimal number. A
/// <c>ThreadPool.SetMinThreads</c> call in code is not seen here (<c>Analysis/Advice/PoolBounds</c> looks for one in the IL).
/// </summary>
public static class TargetMinThreads
{
    private const string ConfigKey = "System.Threading.ThreadPool.MinThreads";
    private const string MaxConfigKey = "System.Threading.ThreadPool.MaxThreads";
    private static readonly string[] Variables = ["DOTNET_ThreadPool_ForceMinWorkerThreads", "COMPlus_ThreadPool_ForceMinWorkerThreads"];
    private static readonly string[] MaxVariables = ["DOTNET_ThreadPool_ForceMaxWorkerThreads", "COMPlus_ThreadPool_ForceMaxWorkerThreads"];

    public static ConfiguredMinThreads? Of(int pid) => Read(pid, Variables, ConfigKey);

    /// <summary>The MaxThreads the target was started with, read the same way as the minimum.</summary>
    public static ConfiguredMinThreads? MaxOf(int pid) => Read(pid, MaxVariables, MaxConfigKey);

    private static ConfiguredMinThreads? Read(int pid, string[] variables, string configKey)
    {
        if (pid <= 0)
        {
            return null;
        }
        foreach (var name in variables)
        {
            if (ProcFs.EnvironmentVariable(pid, name) is { } raw && ParseHex(raw) is { } value)
            {
                return new ConfiguredMinThreads(value, $"{name}={raw}");
            }
        }
        return RuntimeConfigPath(pid) is { } path && File.Exists(path) && FromRuntimeConfig(SafeRead(path), configKey) is { } fromConfig
            ? new ConfiguredMinThreads(fromConfig, $"{configKey} = {fromConfig} in {path}")
            : null;
    }

    /// <summary>The runtime reads these variables as hex, with or without 0x; a value it would reject is none.</summary>
    public static int? ParseHex(string raw)
    {
        var text = raw.Trim();
        if (text.StartsWith("0x", StringComparison.OrdinalIgnoreCase))
        {
            text = text[2..];
        }
        return int.TryParse(text, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var value) && value > 0 ? value : null;
    }

    /// <summary><c>runtimeOptions.configProperties["System.Threading.ThreadPool.MinThreads"]</c> (a number or a numeric string).</summary>
    public static int? FromRuntimeConfig(string? json) => FromRuntimeConfig(json, ConfigKey);

    /// <summary><c>runtimeOptions.configProperties[key]</c> (a number or a numeric string).</summary>
    public static int? FromRuntimeConfig(string? json, string key)
    {
        if (string.IsNullOrWhiteSpace(json))
        {
            return null;
        }
        try
        {
            using var document = JsonDocument.Parse(json, new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip, AllowTrailingCommas = true });
            if (!document.RootElement.TryGetProperty("runtimeOptions", out var options)
                || !options.TryGetProperty("configProperties", out var properties)
                || !properties.TryGetProperty(key, out var value))
            {
                return null;
            }
            return value.ValueKind switch
            {
                JsonValueKind.Number when value.TryGetInt32(out var n) && n > 0 => n,
                JsonValueKind.String when int.TryParse(value.GetString(), NumberStyles.Integer, CultureInfo.InvariantCulture, out var s) && s > 0 => s,
                _ => null,
            };
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>
    /// The runtimeconfig.json the host used: <c>--runtimeconfig PATH</c> when given, else beside the app's .dll
    /// (<c>dotnet app.dll</c>), else beside the apphost executable; relative paths from the process's working directory.
    /// </summary>
    public static string? RuntimeConfigPath(IReadOnlyList<string> args, string? exe, string? cwd)
    {
        string Full(string p) => Path.IsPathRooted(p) || cwd is null ? p : Path.Combine(cwd, p);
        for (var i = 0; i + 1 < args.Count; i++)
        {
            if (args[i] == "--runtimeconfig")
            {
                return Full(args[i + 1]);
            }
        }
        var isDotnetHost = args.Count > 0 && Path.GetFileNameWithoutExtension(args[0]) == "dotnet";
        if (isDotnetHost && args.Skip(1).FirstOrDefault(a => a.EndsWith(".dll", StringComparison.OrdinalIgnoreCase)) is { } dll)
        {
            return Full(Path.ChangeExtension(dll, ".runtimeconfig.json"));
        }
        return exe is null || isDotnetHost ? null : exe + ".runtimeconfig.json";
    }

    private static string? RuntimeConfigPath(int pid)
    {
        var args = ProcFs.Arguments(pid);
        return RuntimeConfigPath(args, ProcFs.Link(pid, "exe"), ProcFs.Link(pid, "cwd"));
    }

    private static string? SafeRead(string path)
    {
        try
        {
            return File.ReadAllText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
