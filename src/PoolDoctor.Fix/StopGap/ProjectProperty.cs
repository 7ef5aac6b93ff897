using System.Text.RegularExpressions;
using PoolDoctor.Fix.Diff;

namespace PoolDoctor.Fix.StopGap;

/// <summary>
/// <c>&lt;ThreadPoolMinThreads&gt;</c> in the project file (the SDK writes it into runtimeconfig.json). An existing
/// property gets the new value; otherwise the line goes at the end of the first unconditional PropertyGroup, or in a new
/// one after the Project element's opening tag. The file's own text is kept: only lines are inserted or one value replaced.
/// </summary>
internal static partial class ProjectProperty
{
    public const string Name = "ThreadPoolMinThreads";

    public static FileEdit Edit(string projectFile, int minThreads)
    {
        var before = File.ReadAllText(projectFile);
        var newline = before.Contains("\r\n", StringComparison.Ordinal) ? "\r\n" : "\n";
        if (Existing().Match(before) is { Success: true } existing)
        {
            var replaced = before[..existing.Groups[1].Index] + minThreads + before[(existing.Groups[1].Index + existing.Groups[1].Length)..];
            return new FileEdit(projectFile, before, replaced);
        }
        var comment = $"<!-- {StopGapEdits.Palliative} -->";
        var property = $"<{Name}>{minThreads}</{Name}>";
        if (PropertyGroupEnd().Match(before) is { Success: true } end)
        {
            var indent = end.Groups["indent"].Value;
            var inner = indent + Unit(before);
            var insert = $"{inner}{comment}{newline}{inner}{property}{newline}";
            return new FileEdit(projectFile, before, before.Insert(end.Groups["indent"].Index, insert));
        }
        if (ProjectStart().Match(before) is { Success: true } start)
        {
            var unit = Unit(before);
            var group = $"{unit}<PropertyGroup>{newline}{unit}{unit}{comment}{newline}{unit}{unit}{property}{newline}{unit}</PropertyGroup>{newline}";
            var at = start.Index + start.Length;
            return new FileEdit(projectFile, before, before.Insert(at, group));
        }
        throw new FixRefusedException($"{projectFile}: no <Project> element to add {Name} to");
    }

    /// <summary>The file's indentation step: the first indented line's leading whitespace, else two spaces.</summary>
    private static string Unit(string text) => FirstIndent().Match(text) is { Success: true } m ? m.Groups[1].Value : "  ";

    [GeneratedRegex(@"<ThreadPoolMinThreads>\s*([^<]*?)\s*</ThreadPoolMinThreads>")]
    private static partial Regex Existing();

    // The closing tag of the first <PropertyGroup> without a Condition (a conditional one applies to one configuration).
    [GeneratedRegex(@"<PropertyGroup\s*>(?:(?!</PropertyGroup>)[\s\S])*?\n(?<indent>[ \t]*)</PropertyGroup>")]
    private static partial Regex PropertyGroupEnd();

    [GeneratedRegex(@"<Project\b[^>]*>[ \t]*\r?\n")]
    private static partial Regex ProjectStart();

    [GeneratedRegex(@"\n([ \t]+)<")]
    private static partial Regex FirstIndent();
}
