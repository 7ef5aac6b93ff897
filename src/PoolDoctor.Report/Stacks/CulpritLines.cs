using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>The lines under a culprit's name in every text output: what it served, how it was reached, what was missing.</summary>
public static class CulpritLines
{
    public static IReadOnlyList<string> Describe(Culprit c)
    {
        var lines = new List<string>();
        if (c.File is not null)
        {
            lines.Add($"at {c.File}" + (c.Line is { } line ? $":{line}" : ""));
        }
        if (c.Entry is not null)
        {
            lines.Add("entry: " + c.Entry);
        }
        if (c.Chain.Count > 1)
        {
            lines.Add("chain: " + string.Join(" -> ", c.Chain));
        }
        if (c.Note is not null)
        {
            lines.Add("note: " + c.Note);
        }
        return lines;
    }
}
