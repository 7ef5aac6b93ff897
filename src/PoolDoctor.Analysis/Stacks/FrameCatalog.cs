using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>A stack read once: parsed frames, which are user code, and whether (and how) it is a pool thread.</summary>
public sealed record StackReading(
    IReadOnlyList<FrameName> Frames,
    IReadOnlyList<string> Cleaned,
    IReadOnlyList<bool> UserFrames,
    bool IsPoolThread,
    bool IsIdle)
{
    /// <summary>Per frame: true for generated code (LCG lambdas, IL stubs), where the JIT may have inlined user code.</summary>
    public IReadOnlyList<bool> GeneratedFrames { get; init; } = [];

    /// <summary>Per frame: its source line, when the capture had one (else null, or an empty list).</summary>
    public IReadOnlyList<SourceLocation?> Sources { get; init; } = [];
}

/// <summary>
/// Parses each distinct raw frame once per analysis: a capture repeats the same few hundred frames across
/// thousands of samples, so parsing per occurrence would dominate the cost.
/// </summary>
public sealed class FrameCatalog
{
    private readonly Dictionary<StackFrame, (FrameName Name, string Cleaned, bool User, bool Generated)> _frames = [];

    public FrameCatalog(UserCode userCode)
    {
        UserCode = userCode;
    }

    public UserCode UserCode { get; }

    public StackReading Read(IReadOnlyList<StackFrame> frames)
    {
        var names = new FrameName[frames.Count];
        var cleaned = new string[frames.Count];
        var user = new bool[frames.Count];
        var generated = new bool[frames.Count];
        for (var i = 0; i < frames.Count; i++)
        {
            (names[i], cleaned[i], user[i], generated[i]) = Lookup(frames[i]);
        }
        var isPool = ThreadPoolFrames.IsPoolThread(names);
        return new StackReading(names, cleaned, user, isPool, isPool && ThreadPoolFrames.IsIdle(names)) { GeneratedFrames = generated, Sources = [.. frames.Select(f => f.Source)] };
    }

    private (FrameName Name, string Cleaned, bool User, bool Generated) Lookup(StackFrame frame)
    {
        if (!_frames.TryGetValue(frame, out var entry))
        {
            var name = FrameNames.Parse(frame.Method);
            entry = (name, FrameNames.Clean(frame), UserCode.IsUserCode(frame.Module, name), GeneratedCode.IsGenerated(frame.Module, name));
            _frames[frame] = entry;
        }
        return entry;
    }
}
