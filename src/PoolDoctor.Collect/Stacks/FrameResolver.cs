using Microsoft.Diagnostics.Tracing.Etlx;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Resolved frames (leaf first) for a TraceLog call-stack index, cached: thousands of samples share a few stacks.
/// Names are kept raw (runtime spelling, no parameter list); the analysis side cleans them for display.
/// </summary>
internal sealed class FrameResolver(TraceLog log)
{
    private readonly Dictionary<CallStackIndex, IReadOnlyList<StackFrame>> _stacks = [];
    private readonly Dictionary<CodeAddressIndex, StackFrame> _frames = [];

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
            frames.Add(Frame(stacks.CodeAddressIndex(at)));
        }
        _stacks[stack] = frames;
        return frames;
    }

    private StackFrame Frame(CodeAddressIndex address)
    {
        if (_frames.TryGetValue(address, out var cached))
        {
            return cached;
        }
        var codeAddresses = log.CodeAddresses;
        var module = codeAddresses.ModuleFile(address)?.Name;
        var method = codeAddresses.MethodIndex(address);
        var name = method == MethodIndex.Invalid
            ? $"0x{codeAddresses.Address(address):x}"
            : WithoutParameters(codeAddresses.Methods.FullMethodName(method));
        var frame = new StackFrame(string.IsNullOrEmpty(module) ? "?" : module, name);
        _frames[address] = frame;
        return frame;
    }

    // TraceLog appends the parameter list; the model keeps "Namespace.Type.Method".
    private static string WithoutParameters(string fullName)
    {
        var open = fullName.IndexOf('(', StringComparison.Ordinal);
        return open > 0 ? fullName[..open] : fullName;
    }
}
