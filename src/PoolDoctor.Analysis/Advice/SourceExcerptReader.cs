using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>The lines around a call, cut from the source text the collector read (none when it had no text).</summary>
public static class SourceExcerptReader
{
    /// <summary>Lines kept above the call: enough to reach the signature of a short method.</summary>
    public const int Above = 15;

    public const int Below = 2;

    public static SourceExcerpt? Around(IReadOnlyDictionary<string, string> sources, string? file, int? line)
    {
        if (file is null || line is not { } call || !sources.TryGetValue(file, out var text))
        {
            return null;
        }
        var lines = text.ReplaceLineEndings("\n").Split('\n');
        if (call < 1 || call > lines.Length)
        {
            return null;
        }
        var first = Math.Max(1, call - Above);
        var last = Math.Min(lines.Length, call + Below);
        return new SourceExcerpt(file, first, lines[(first - 1)..last], call);
    }
}
