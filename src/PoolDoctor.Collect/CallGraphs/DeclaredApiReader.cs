using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// Reads, for each sampled library frame, what the metadata of its declaring type says (<see cref="DeclaredApi"/>):
/// whether the type, its base types or its interfaces in the same assembly declare an <c>…Async</c> twin of the
/// method, and which public interface of that assembly declares the method (<c>RedisDatabase.ScriptEvaluate</c> is
/// <c>IDatabase.ScriptEvaluate</c> to its callers), and whether the twin and the method are public on a type other
/// assemblies see. The advice offers an async API only when this found one the user can call.
/// Frames of assemblies not on this machine are left out (unknown, not "none"). Never throws for a bad file.
/// </summary>
public static class DeclaredApiReader
{
    public static IReadOnlyDictionary<string, DeclaredApi> Read(IEnumerable<StackFrame> frames, IReadOnlyList<ModuleInfo> modules)
    {
        var paths = modules
            .Where(m => m.Origin != ModuleOrigin.App && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path))
            .GroupBy(m => m.Name, StringComparer.OrdinalIgnoreCase)
            .ToDictionary(g => g.Key, g => g.First().Path, StringComparer.OrdinalIgnoreCase);
        var assemblies = new Dictionary<string, AssemblyTypes?>(StringComparer.OrdinalIgnoreCase);
        var found = new Dictionary<string, DeclaredApi>(StringComparer.Ordinal);
        try
        {
            foreach (var frame in frames.Distinct())
            {
                var key = DeclaredApi.KeyOf(frame);
                if (found.ContainsKey(key) || !paths.TryGetValue(frame.Module, out var path) || Split(frame.Method) is not { } name)
                {
                    continue;
                }
                if (!assemblies.TryGetValue(frame.Module, out var types))
                {
                    types = AssemblyTypes.Open(path);
                    assemblies[frame.Module] = types;
                }
                if (types?.Describe(name.Type, name.Method) is { } api)
                {
                    found[key] = api;
                }
            }
        }
        finally
        {
            foreach (var types in assemblies.Values)
            {
                types?.Dispose();
            }
        }
        return found;
    }

    /// <summary>"Ns.Type`1[System.__Canon]+Inner.Method(int)" → ("Ns.Type`1+Inner", "Method"); null for constructors and
    /// names that do not parse.</summary>
    internal static (string Type, string Method)? Split(string raw)
    {
        var paren = raw.IndexOf('(', StringComparison.Ordinal);
        var name = paren >= 0 ? raw[..paren] : raw;
        var plain = new System.Text.StringBuilder(name.Length);
        var depth = 0;
        foreach (var c in name)
        {
            if (c == '[')
            {
                depth++;
            }
            else if (c == ']')
            {
                depth = Math.Max(0, depth - 1);
            }
            else if (depth == 0)
            {
                plain.Append(c);
            }
        }
        var text = plain.ToString().Trim();
        var dot = text.LastIndexOf('.');
        if (dot <= 0 || dot == text.Length - 1 || text[dot - 1] == '.')
        {
            return null;
        }
        return AsyncBody(text[..dot], text[(dot + 1)..]) ?? (text[..dot], text[(dot + 1)..]);
    }

    // An async method's body is its state machine's MoveNext ("Npgsql.NpgsqlCommand+<ExecuteScalar>d__117.MoveNext");
    // the method the caller named, whose twins count, is the outer type's "ExecuteScalar". Tier-1 code inlines a
    // driver's thin sync wrapper, so a warmed stack shows only that body.
    private static (string Type, string Method)? AsyncBody(string type, string method)
    {
        var plus = type.LastIndexOf('+');
        if (method != "MoveNext" || plus <= 0)
        {
            return null;
        }
        var nested = type[(plus + 1)..];
        var close = nested.IndexOf(">d__", StringComparison.Ordinal);
        return nested.StartsWith('<') && close > 1 ? (type[..plus], nested[1..close]) : null;
    }

    /// <summary>One assembly's type definitions by full name ("Ns.Outer+Inner", arity kept), read on demand.</summary>
    private sealed class AssemblyTypes : IDisposable
    {
        private readonly PEReader _pe;
        private readonly MetadataReader _md;
        private readonly Dictionary<string, TypeDefinitionHandle> _byName = new(StringComparer.Ordinal);

        private AssemblyTypes(PEReader pe)
        {
            _pe = pe;
            _md = pe.GetMetadataReader();
            foreach (var handle in _md.TypeDefinitions)
            {
                _byName[FullName(handle)] = handle;
            }
        }

        public static AssemblyTypes? Open(string path)
        {
            PEReader? pe = null;
            try
            {
                pe = new PEReader(File.OpenRead(path));
                if (!pe.HasMetadata)
                {
                    pe.Dispose();
                    return null;
                }
                return new AssemblyTypes(pe);
            }
            catch (Exception e) when (e is BadImageFormatException or IOException or UnauthorizedAccessException or InvalidOperationException)
            {
                pe?.Dispose();
                return null;
            }
        }

        public DeclaredApi? Describe(string typeName, string method)
        {
            if (!_byName.TryGetValue(typeName, out var type))
            {
                return null;
            }
            var related = Related(type).ToList();
            var twinName = method + "Async";
            var twin = related.Any(t => Declares(t, twinName)) ? twinName : null;
            // A base type in another assembly (SqliteCommand's DbCommand) may declare the twin this one inherits:
            // not found here is then "unknown", never "none".
            if (twin is null && related.Any(InheritsFromElsewhere))
            {
                return null;
            }
            var publicType = related
                .Where(t => t != type)
                .Select(t => _md.GetTypeDefinition(t))
                .Where(t => (t.Attributes & TypeAttributes.Interface) != 0
                    && (t.Attributes & TypeAttributes.VisibilityMask) == TypeAttributes.Public
                    && t.GetMethods().Any(m => _md.StringComparer.Equals(_md.GetMethodDefinition(m).Name, method)))
                .Select(t => _md.GetString(t.Name))
                .FirstOrDefault();
            return new DeclaredApi(twin, publicType)
            {
                TwinPublic = twin is null || related.Any(t => Visible(t) && DeclaresPublic(t, twinName)),
                MethodPublic = publicType is not null || (Visible(type) && DeclaresPublic(type, method)),
            };
        }

        // Seen by other assemblies: a public type, or a nested type that is public in a type that is.
        private bool Visible(TypeDefinitionHandle handle)
        {
            var definition = _md.GetTypeDefinition(handle);
            return (definition.Attributes & TypeAttributes.VisibilityMask) switch
            {
                TypeAttributes.Public => true,
                TypeAttributes.NestedPublic => Visible(definition.GetDeclaringType()),
                _ => false,
            };
        }

        // An interface's methods are public; a class's twin must be declared public (protected or internal is the
        // package's own, not an API its users can call).
        private bool DeclaresPublic(TypeDefinitionHandle type, string method) =>
            _md.GetTypeDefinition(type).GetMethods().Select(_md.GetMethodDefinition).Any(m =>
                _md.StringComparer.Equals(m.Name, method) && (m.Attributes & MethodAttributes.MemberAccessMask) == MethodAttributes.Public);

        // The type, its base types and the interfaces they implement, as far as they are defined in this assembly.
        private IEnumerable<TypeDefinitionHandle> Related(TypeDefinitionHandle start)
        {
            var seen = new HashSet<TypeDefinitionHandle>();
            var pending = new Stack<TypeDefinitionHandle>([start]);
            while (pending.Count > 0)
            {
                var handle = pending.Pop();
                if (!seen.Add(handle))
                {
                    continue;
                }
                yield return handle;
                var definition = _md.GetTypeDefinition(handle);
                // System.Object's base is a nil handle, whose kind also reads TypeDefinition.
                if (!definition.BaseType.IsNil && definition.BaseType.Kind == HandleKind.TypeDefinition)
                {
                    pending.Push((TypeDefinitionHandle)definition.BaseType);
                }
                foreach (var implementation in definition.GetInterfaceImplementations())
                {
                    var iface = _md.GetInterfaceImplementation(implementation).Interface;
                    if (!iface.IsNil && iface.Kind == HandleKind.TypeDefinition)
                    {
                        pending.Push((TypeDefinitionHandle)iface);
                    }
                }
            }
        }

        private bool InheritsFromElsewhere(TypeDefinitionHandle handle)
        {
            var baseType = _md.GetTypeDefinition(handle).BaseType;
            if (baseType.IsNil || baseType.Kind != HandleKind.TypeReference)
            {
                return false;
            }
            var reference = _md.GetTypeReference((TypeReferenceHandle)baseType);
            return !(_md.StringComparer.Equals(reference.Namespace, "System")
                && (_md.StringComparer.Equals(reference.Name, "Object") || _md.StringComparer.Equals(reference.Name, "ValueType")
                    || _md.StringComparer.Equals(reference.Name, "Enum") || _md.StringComparer.Equals(reference.Name, "MulticastDelegate")));
        }

        private bool Declares(TypeDefinitionHandle type, string method) =>
            _md.GetTypeDefinition(type).GetMethods().Any(m => _md.StringComparer.Equals(_md.GetMethodDefinition(m).Name, method));

        private string FullName(TypeDefinitionHandle handle)
        {
            var definition = _md.GetTypeDefinition(handle);
            var name = _md.GetString(definition.Name);
            var declaring = definition.GetDeclaringType();
            if (!declaring.IsNil)
            {
                return FullName(declaring) + "+" + name;
            }
            var ns = _md.GetString(definition.Namespace);
            return ns.Length == 0 ? name : ns + "." + name;
        }

        public void Dispose() => _pe.Dispose();
    }
}
