using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Parses each distinct raw frame once per analysis: a capture repeats the same few hundred frames across
/// thousands of samples, so parsing per occurrence would dominate the cost.
/// </summary>
public sealed class FrameCatalog
{
    private readonly Dictionary<StackFrame, ReadFrame> _frames = [];
    private readonly IReadOnlyDictionary<string, DeclaredApi> _declared;

    public FrameCatalog(UserCode userCode, IReadOnlyDictionary<string, DeclaredApi>? declared = null)
    {
        UserCode = userCode;
        _declared = declared ?? new Dictionary<string, DeclaredApi>();
    }

    public UserCode UserCode { get; }

    public StackReading Read(IReadOnlyList<StackFrame> frames)
    {
        var read = new ReadFrame[frames.Count];
        for (var i = 0; i < frames.Count; i++)
        {
            read[i] = Lookup(frames[i]);
        }
        var isPool = ThreadPoolFrames.IsPoolThread(read);
        return new StackReading(read, isPool, isPool && ThreadPoolFrames.IsIdle(read));
    }

    private static IlPosition? Position(StackFrame frame) =>
        frame.MethodToken is { } token ? new IlPosition(frame.Module, token, frame.IlOffset) : null;

    // Everything a frame's record holds comes from the captured frame itself (its source and IL offset are part of
    // it), so one record per distinct captured frame.
    private ReadFrame Lookup(StackFrame frame)
    {
        if (!_frames.TryGetValue(frame, out var read))
        {
            var name = FrameNameParser.Parse(frame.Method);
            read = new ReadFrame(
                name,
                FrameNameParser.Clean(frame),
                frame.Module,
                UserCode.IsUserCode(frame.Module, name),
                GeneratedCode.IsGenerated(frame.Module, name),
                frame.Source,
                UserCode.PackageOf(frame.Module, name),
                _declared.Count == 0 ? null : _declared.GetValueOrDefault(DeclaredApi.KeyOf(frame)),
                Position(frame));
            _frames[frame] = read;
        }
        return read;
    }
}
