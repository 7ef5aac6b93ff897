using PoolDoctor.Collect.Sources;
using PoolDoctor.Collect.Stacks.Nettrace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Resolved frames (leaf first) for an interned stack, cached: thousands of samples share a few stacks. Names are kept
/// raw (runtime spelling, no parameter list); the analysis side cleans them for display. Frames of the modules
/// <paramref name="located"/> names get their source line: the JIT's IL-to-native map turns the address into an IL
/// offset, and <see cref="SourceLocator"/> reads the line from the assembly's PDB. Every frame keeps its method token and
/// IL offset, as a dump's frames do: the app's, to read what the JIT inlined into them; a package's at a stack's top, to
/// read the wait tier-1 code compiled into it.
/// </summary>
internal sealed class FrameResolver(StackTable stacks, CodeMap code, SourceLocator? sources = null, IReadOnlyDictionary<string, string>? located = null)
{
    private readonly Dictionary<int, IReadOnlyList<StackFrame>> _stacks = [];
    private readonly Dictionary<(ulong, bool), StackFrame> _frames = [];
    private int _seen;
    private int _unnamed;
    private int _locatable;
    private int _withIlOffset;

    public FrameStats Stats => new(_seen, _unnamed, _locatable, _withIlOffset);

    public IReadOnlyList<StackFrame> Frames(int stack)
    {
        if (stack == StackTable.None)
        {
            return [];
        }
        if (_stacks.TryGetValue(stack, out var cached))
        {
            return cached;
        }
        var addresses = stacks[stack];
        var frames = new StackFrame[addresses.Count];
        for (var i = 0; i < frames.Length; i++)
        {
            frames[i] = Frame(addresses[i], leaf: i == 0);
        }
        _stacks[stack] = frames;
        return frames;
    }

    private StackFrame Frame(ulong address, bool leaf)
    {
        if (_frames.TryGetValue((address, leaf), out var cached))
        {
            return cached;
        }
        var method = code.MethodAt(address);
        _seen++;
        if (method is null)
        {
            _unnamed++;
        }
        var module = method?.Module.Name;
        var frame = new StackFrame(string.IsNullOrEmpty(module) ? "?" : module, method is null ? $"0x{address:x}" : WithoutParameters(method.FullName))
        {
            Source = method is null ? null : Locate(address, method, leaf),
        };
        if (method is not null && method.Token != 0)
        {
            // Frames keep where in their IL they were, so the analysis can read what the JIT inlined there.
            var il = method.Map?.EntryILOffset(address, returnAddress: !leaf) ?? -1;
            frame = frame with { MethodToken = method.Token, IlOffset = il >= 0 ? il : null };
        }
        _frames[(address, leaf)] = frame;
        return frame;
    }

    private SourceLocation? Locate(ulong address, TracedMethod method, bool leaf)
    {
        if (sources is null || located is null || !located.TryGetValue(method.Module.Name, out var path))
        {
            return null;
        }
        _locatable++;
        var ilOffset = method.Map?.ILOffset(address) ?? -1;
        if (ilOffset < 0)
        {
            return null;
        }
        _withIlOffset++;
        return sources.Locate(path, method.Token, ilOffset, returnAddress: !leaf);
    }

    // The method events spell "Namespace.Type.Method(parameters)"; the model keeps "Namespace.Type.Method".
    private static string WithoutParameters(string fullName)
    {
        var open = fullName.IndexOf('(', StringComparison.Ordinal);
        return open > 0 ? fullName[..open] : fullName;
    }
}
