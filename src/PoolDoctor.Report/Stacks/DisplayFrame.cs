using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>A frame as displayed: cleaned text, and whether it is the user's code (marked in text output).</summary>
public sealed record DisplayFrame(string Text, bool IsUserCode)
{
    /// <summary>The frame's source line, when the capture had one.</summary>
    public SourceLocation? Source { get; init; }
}
