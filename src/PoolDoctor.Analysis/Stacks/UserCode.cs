using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Decides which frames are the user's own code, in this order:
/// <list type="number">
/// <item><c>--user-code PREFIX</c> (repeatable): a frame is user code exactly when its namespace-qualified name starts
/// with one of the prefixes.</item>
/// <item>The assembly's origin when the capture knew it (<see cref="ModuleInfo"/>): the app's own assemblies are user
/// code whatever their namespace (even <c>Microsoft.*</c>); shared-framework assemblies and packages are library.</item>
/// <item>Otherwise the assembly's name, then the namespace, against the well-known library names (<see cref="KnownLibraries"/>).</item>
/// </list>
/// Generated code (LCG <c>dynamicClass.lambda_method*</c>, IL stubs) is never user code: nobody wrote it.
/// </summary>
public sealed class UserCode
{
    private readonly IReadOnlyList<string> _prefixes;
    private readonly Dictionary<string, ModuleOrigin> _origins;
    private readonly Dictionary<string, PackageRef> _packages = new(StringComparer.OrdinalIgnoreCase);

    public UserCode(IReadOnlyList<string>? prefixes = null, IReadOnlyList<ModuleInfo>? modules = null)
    {
        _prefixes = prefixes?.Where(p => !string.IsNullOrWhiteSpace(p)).Select(p => p.Trim()).ToArray() ?? [];
        _origins = new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase);
        foreach (var module in modules ?? [])
        {
            // Two loads of one name (a framework copy and an app copy) are rare; the more specific origin wins.
            if (!_origins.TryGetValue(module.Name, out var known) || known == ModuleOrigin.Unknown)
            {
                _origins[module.Name] = module.Origin;
            }
            if (module.Package is { } package)
            {
                _packages.TryAdd(module.Name, package);
            }
        }
    }

    public static UserCode Default { get; } = new();

    /// <summary>The prefixes given by the user; empty means origins and the library names apply.</summary>
    public IReadOnlyList<string> Prefixes => _prefixes;

    /// <summary>The package a frame's assembly came from, as the capture's deps.json said (null: not a package, or
    /// unknown). With <c>--user-code</c> a frame the prefixes claim is the user's, whatever its assembly.</summary>
    public PackageRef? PackageOf(string module, FrameName name) =>
        _packages.TryGetValue(module, out var package) && !IsUserCode(module, name) ? package : null;

    public bool IsUserCode(StackFrame frame) => IsUserCode(frame.Module, FrameNameParser.Parse(frame.Method));

    public bool IsUserCode(string module, FrameName name)
    {
        if (name.Flavor == FrameFlavor.Unresolved || GeneratedCode.IsGenerated(module, name))
        {
            return false;
        }
        var qualified = name.TypeFullName.Length == 0 ? name.Method : name.TypeFullName + "." + name.Method;
        if (_prefixes.Count > 0)
        {
            return _prefixes.Any(p => qualified.StartsWith(p, StringComparison.Ordinal));
        }
        switch (_origins.GetValueOrDefault(module, ModuleOrigin.Unknown))
        {
            case ModuleOrigin.App:
                return true;
            case ModuleOrigin.Framework or ModuleOrigin.Package:
                return false;
        }
        if (module.Length > 0 && module != "?" && KnownLibraries.IsLibrary(module))
        {
            return false;
        }
        return !KnownLibraries.IsLibrary(qualified);
    }

    /// <summary>True when <paramref name="name"/> is <paramref name="ns"/> or lies under it (System matches System.Net, not Systematic).</summary>
    internal static bool IsUnder(string name, string ns) =>
        name.StartsWith(ns, StringComparison.Ordinal)
        && (name.Length == ns.Length || name[ns.Length] is '.' or '+' or '`');
}
