using PoolDoctor.Collect.Sources;

namespace PoolDoctor.Collect.Stacks;

/// <summary>What a capture lacked for names and lines, said once each: the verdict and grouping stand without them,
/// but the reader must know why a frame shows no method or no line.</summary>
internal static class SymbolGaps
{
    public static IReadOnlyList<string> Describe(FrameStats frames, SourceLocator sources, string? symbols, int locatedModules)
    {
        var missing = new List<string>();
        if (frames.FramesSeen > 0 && frames.UnnamedFrames == frames.FramesSeen)
        {
            missing.Add("the trace has no JIT or rundown events: no frame has a method name, so culprits are named only by what else the trace says");
        }
        else if (frames.LocatableFrames > 0 && frames.FramesWithIlOffset == 0)
        {
            missing.Add("the trace has no IL-to-native maps (MethodILToNativeMap events or their rundown): frames carry no file:line; culprit lines come from the app's IL");
        }
        if (symbols is not null && locatedModules == 0)
        {
            missing.Add($"none of the trace's assemblies is in {symbols}: no file:line, and user code is told by names only");
        }
        missing.AddRange(sources.Problems);
        return missing;
    }
}
