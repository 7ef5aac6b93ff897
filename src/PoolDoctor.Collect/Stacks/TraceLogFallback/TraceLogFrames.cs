using Microsoft.Diagnostics.Tracing.Etlx;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks.TraceLogFallback;

/// <summary>The frames TraceEvent's TraceLog gives a call-stack index, as <see cref="NettraceStackReader"/>'s
/// <see cref="Nettrace.CodeMap"/> names them (the TraceLog route for newer formats, and the tests' oracle).</summary>
internal sealed class TraceLogFrames(TraceLog log, SourceLocator sources, IReadOnlyDictionary<string, string> located)
{
    private readonly Dictionary<CallStackIndex, IReadOnlyList<StackFrame>> _stacks = [];
    private readonly Dictionary<(CodeAddressIndex, bool), StackFrame> _frames = [];
    private int _seen;
    private int _unnamed;
    private int _locatable;
    private int _withIlOffset;

    public FrameStats Stats => new(_seen, _unnamed, _locatable, _withIlOffset);

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
        for (var at = stack; at != CallStackIndex.Invalid; at = log.CallStacks.Caller(at))
        {
            frames.Add(Frame(log.CallStacks.CodeAddressIndex(at), leaf: frames.Count == 0));
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
        var addresses = log.CodeAddresses;
        var module = addresses.ModuleFile(address);
        var method = addresses.MethodIndex(address);
        _seen++;
        if (method == MethodIndex.Invalid)
        {
            _unnamed++;
        }
        var name = method == MethodIndex.Invalid ? $"0x{addresses.Address(address):x}" : addresses.Methods.FullMethodName(method);
        var open = name.IndexOf('(', StringComparison.Ordinal);
        var frame = new StackFrame(string.IsNullOrEmpty(module?.Name) ? "?" : module.Name, open > 0 ? name[..open] : name)
        {
            Source = method == MethodIndex.Invalid || module is null ? null : Locate(address, module, method, leaf),
        };
        _frames[(address, leaf)] = frame;
        return frame;
    }

    private SourceLocation? Locate(CodeAddressIndex address, TraceModuleFile module, MethodIndex method, bool leaf)
    {
        if (!located.TryGetValue(module.Name, out var path))
        {
            return null;
        }
        _locatable++;
        var ilOffset = log.CodeAddresses.ILOffset(address);
        if (ilOffset < 0)
        {
            return null;
        }
        _withIlOffset++;
        return sources.Locate(path, log.CodeAddresses.Methods.MethodToken(method), ilOffset, returnAddress: !leaf);
    }
}
