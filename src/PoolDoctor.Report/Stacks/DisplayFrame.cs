using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>A frame as displayed: cleaned text, and whether it is the user's code (marked in text output).</summary>
public sealed record DisplayFrame(string Text, bool IsUserCode);
