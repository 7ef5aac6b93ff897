using Microsoft.Diagnostics.Tracing.Etlx;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Resolved frames (leaf first) for a TraceLog call-stack index, cached: thousands of samples share a few stacks.
/// Names are kept raw (runtime spelling, no parameter list); the analysis side cleans them for display. Frames of the
/// modules <paramref name="located"/> names get their source line: TraceLog turns the address into an IL offset with
/// the JIT's IL-to-native maps, and <see cref="SourceLocator"/> reads the line from the assembly's PDB.
/// </summary>
internal sealed class FrameResolver(TraceLog log, SourceLocator? sources = null, IReadOnlyDictionary<string, string>? located = null)
{
    private readonly Dictionary<CallStackIndex, IReadOnlyList<StackFrame>> _stacks = [];
    private readonly Dictionary<(CodeAddressIndex, bool), StackFrame> _frames = [];

    /// <summary>Frames of the located modules seen, and how many of them had an IL offset (the JIT's maps were there).</summary>
    public int LocatableFrames { get; private set; }

    public int FramesWithIlOffset { get; private set; }

    /// <summary>Frames seen, and how many of them had no method name (no JIT or rundown event named them).</summary>
    public int FramesSeen { get; private set; }

    public int UnnamedFrames { get; private set; }

    public IReadOnlyList<StackFrame> Frames(CallStackIndex stack)
    {
        if (stack == CallStackIndex.Invalid)
        {
            return [];
        }
        if (_stacks.TryGetValue(stack, out var cached))
        {
            return cached;
        }
        var frames = new List<StackFrame>();
        var stacks = log.CallStacks;
        for (var at = stack; at != CallStackIndex.Invalid; at = stacks.Caller(at))
        {
            frames.Add(Frame(stacks.CodeAddressIndex(at), leaf: frames.Count == 0));
        }
        _stacks[stack] = frames;
        return frames;
    }

    private StackFrame Frame(CodeAddressIndex address, bool leaf)
    {
        if (_frames.TryGetValue((address, leaf), out var cached))
        {
            return cached;
        }
        var codeAddresses = log.CodeAddresses;
        var module = codeAddresses.ModuleFile(address);
        var method = codeAddresses.MethodIndex(address);
        var name = method == MethodIndex.Invalid
            ? $"0x{codeAddresses.Address(address):x}"
            : WithoutParameters(codeAddresses.Methods.FullMethodName(method));
        FramesSeen++;
        if (method == MethodIndex.Invalid)
        {
            UnnamedFrames++;
        }
        var frame = new StackFrame(string.IsNullOrEmpty(module?.Name) ? "?" : module.Name, name)
        {
            Source = method == MethodIndex.Invalid || module is null ? null : Locate(address, module, method, leaf),
        };
        _frames[(address, leaf)] = frame;
        return frame;
    }

    private SourceLocation? Locate(CodeAddressIndex address, TraceModuleFile module, MethodIndex method, bool leaf)
    {
        if (sources is null || located is null || !located.TryGetValue(module.Name, out var path))
        {
            return null;
        }
        LocatableFrames++;
        var ilOffset = log.CodeAddresses.ILOffset(address);
        if (ilOffset < 0)
        {
            return null;
        }
        FramesWithIlOffset++;
        return sources.Locate(path, log.CodeAddresses.Methods.MethodToken(method), ilOffset, returnAddress: !leaf);
    }

    // TraceLog appends the parameter list; the model keeps "Namespace.Type.Method".
    private static string WithoutParameters(string fullName)
    {
        var open = fullName.IndexOf('(', StringComparison.Ordinal);
        return open > 0 ? fullName[..open] : fullName;
    }
}
