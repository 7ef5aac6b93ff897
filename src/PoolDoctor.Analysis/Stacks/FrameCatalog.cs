using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Parses each distinct raw frame once per analysis: a capture repeats the same few hundred frames across
/// thousands of samples, so parsing per occurrence would dominate the cost.
/// </summary>
public sealed class FrameCatalog
{
    private readonly Dictionary<StackFrame, (FrameName Name, string Cleaned, bool User, bool Generated, PackageRef? Package)> _frames = [];
    private readonly IReadOnlyDictionary<string, DeclaredApi> _declared;

    public FrameCatalog(UserCode userCode, IReadOnlyDictionary<string, DeclaredApi>? declared = null)
    {
        UserCode = userCode;
        _declared = declared ?? new Dictionary<string, DeclaredApi>();
    }

    public UserCode UserCode { get; }

    public StackReading Read(IReadOnlyList<StackFrame> frames)
    {
        var names = new FrameName[frames.Count];
        var cleaned = new string[frames.Count];
        var user = new bool[frames.Count];
        var generated = new bool[frames.Count];
        var packages = new PackageRef?[frames.Count];
        var declared = new DeclaredApi?[frames.Count];
        for (var i = 0; i < frames.Count; i++)
        {
            (names[i], cleaned[i], user[i], generated[i], packages[i]) = Lookup(frames[i]);
            declared[i] = _declared.Count == 0 ? null : _declared.GetValueOrDefault(DeclaredApi.KeyOf(frames[i]));
        }
        var isPool = ThreadPoolFrames.IsPoolThread(names);
        return new StackReading(names, cleaned, user, isPool, isPool && ThreadPoolFrames.IsIdle(names))
        {
            GeneratedFrames = generated,
            Sources = [.. frames.Select(f => f.Source)],
            Positions = [.. frames.Select(Position)],
            Packages = packages,
            Modules = [.. frames.Select(f => f.Module)],
            Declared = declared,
        };
    }

    private static IlPosition? Position(StackFrame frame) =>
        frame.MethodToken is { } token ? new IlPosition(frame.Module, token, frame.IlOffset) : null;

    private (FrameName Name, string Cleaned, bool User, bool Generated, PackageRef? Package) Lookup(StackFrame frame)
    {
        if (!_frames.TryGetValue(frame, out var entry))
        {
            var name = FrameNames.Parse(frame.Method);
            entry = (name, FrameNames.Clean(frame), UserCode.IsUserCode(frame.Module, name), GeneratedCode.IsGenerated(frame.Module, name),
                UserCode.PackageOf(frame.Module, name));
            _frames[frame] = entry;
        }
        return entry;
    }
}
