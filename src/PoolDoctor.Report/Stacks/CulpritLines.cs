using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>The lines under a culprit's name in every text output: what it served, how it was reached, what was missing.</summary>
public static class CulpritLines
{
    public static IReadOnlyList<string> Describe(Culprit c)
    {
        var lines = new List<string>();
        if (c.Site.File is not null)
        {
            lines.Add($"at {c.Site.File}" + (c.Site.Line is { } line ? $":{line}" : ""));
        }
        if (c.Site.SourceUrl is not null)
        {
            lines.Add("source: " + c.Site.SourceUrl);
        }
        if (c.Entry is not null)
        {
            lines.Add("entry: " + c.Entry);
        }
        if (c.Chain.Count > 1)
        {
            lines.Add("chain: " + string.Join(" -> ", c.Chain.Select((f, i) => WithLine(f, i < c.ChainSources.Count ? c.ChainSources[i] : null))));
        }
        if (c.Site.Note is not null)
        {
            lines.Add("note: " + c.Site.Note);
        }
        return lines;
    }

    /// <summary><c>Method (File.cs:42)</c>, or the name alone without a line.</summary>
    public static string WithLine(string frame, SourceLocation? source) =>
        source is null ? frame : $"{frame} ({Path.GetFileName(source.File)}:{source.Line})";
}
