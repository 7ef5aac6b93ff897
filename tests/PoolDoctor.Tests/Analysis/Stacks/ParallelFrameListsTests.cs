using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;

namespace PoolDoctor.Tests.Analysis.Stacks;

/// <summary>
/// A frame is one record (<c>ReadFrame</c> in the analysis, <c>CulpritFrame</c> in a culprit), never facts kept in
/// lists side by side that must stay aligned. This scans src/ for the three marks a parallel per-frame list leaves:
/// a list documented as "per frame" of another or in its "same order"; an alignment guard
/// (<c>i &lt; xs.Count ? xs[i] : null</c>, <c>i &lt; xs.Count &amp;&amp; xs[i]</c>); and one list indexed by another's
/// position inside a <c>Select((f, i) =&gt; …)</c>. A new one fails here; the few left (the display layer's, below)
/// are counted per file, so a file cannot grow one and a fixed one must leave the list.
/// </summary>
public sealed partial class ParallelFrameListsTests
{
    // The marks src/ still has, by file, and why: per-frame lists not folded into a record yet (what is left of issue
    // 33's item 1), and lists in step that are not frames.
    private static readonly Dictionary<string, (int Count, string Why)> Left = new(StringComparer.Ordinal)
    {
        ["PoolDoctor.Report/Compare/CompareTableWriter.cs"] = (2, "a table's columns, not frames: widths by column"),
        ["PoolDoctor.Report/Stacks/StackGroupJson.cs"] = (2, "report.json's wire shape: frames and userFrames arrays, read into one record per frame"),
    };

    [Fact]
    public void No_file_in_src_keeps_a_new_parallel_per_frame_list()
    {
        var src = Path.Combine(Root(), "src");
        var found = Directory.EnumerateFiles(src, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Select(f => (File: Path.GetRelativePath(src, f).Replace('\\', '/'), Marks: Marks(File.ReadAllText(f))))
            .ToList();
        Assert.NotEmpty(found); // the scan read the tree

        var problems = new List<string>();
        foreach (var (file, marks) in found)
        {
            var allowed = Left.GetValueOrDefault(file).Count;
            if (marks.Count > allowed)
            {
                problems.AddRange(marks.Select(m => $"src/{file}:{m.Line}: {m.Text}"));
            }
            else if (marks.Count < allowed)
            {
                problems.Add($"src/{file}: {allowed - marks.Count} fewer parallel lists than {nameof(Left)} allows: lower its count");
            }
        }
        foreach (var gone in Left.Keys.Where(k => found.All(f => f.File != k)))
        {
            problems.Add($"src/{gone}: in {nameof(Left)} but not in src");
        }
        Assert.True(problems.Count == 0,
            "Parallel per-frame lists (make the fact a field of the frame's record instead):\n" + string.Join('\n', problems));
    }

    [Theory]
    [InlineData("""
        /// <summary>Per frame: its package.</summary>
        public IReadOnlyList<PackageRef?> Packages { get; init; } = [];
        """)]
    [InlineData("""
        /// <summary>Per frame of <see cref="Chain"/> (same order): where that frame was in the source.</summary>
        public IReadOnlyList<SourceLocation?> ChainSources { get; init; } = [];
        """)]
    [InlineData("""
        /// <summary>Flags, in the same order as <see cref="Frames"/>.</summary>
        public IReadOnlyList<bool> Flags { get; init; } = [];
        """)]
    [InlineData("var source = i < stack.Sources.Count ? stack.Sources[i] : null;")]
    [InlineData("var caller = index + 1 < reading.Positions.Count ? reading.Positions[index + 1] : default;")]
    [InlineData("node.User |= i < stack.UserFrames.Count && stack.UserFrames[i];")]
    [InlineData("var frames = names.Select((name, i) => new DisplayFrame(name, user[i])).ToList();")]
    public void Each_mark_of_a_parallel_list_is_found(string code) => Assert.Single(Marks(code));

    [Theory]
    [InlineData("var caller = apiIndex + 1 < frames.Count ? frames[apiIndex + 1] : frames[apiIndex];")]
    [InlineData("/// <summary>The frames, leaf first.</summary>\npublic IReadOnlyList<ReadFrame> Frames { get; init; } = [];")]
    [InlineData("var chain = frames.Select((f, i) => new CulpritFrame(f.Cleaned, f.Source)).ToList();")]
    [InlineData("return path.Select((m, i) => (NameOf(m), i + 1 < path.Count ? Into(m, path[i + 1]) : Locate(m)));")]
    public void One_list_read_by_index_is_not_a_parallel_list(string code) => Assert.Empty(Marks(code));

    internal static IReadOnlyList<(int Line, string Text)> Marks(string code)
    {
        var matches = PerFrameDoc().Matches(code).Concat(AlignmentGuard().Matches(code))
            // An index into the list the Select walks itself reads one list, not two.
            .Concat(IndexedSibling().Matches(code).Where(m => m.Groups["other"].Value != m.Groups["walked"].Value));
        return [.. matches.Select(m => (code.AsSpan(0, m.Index).Count('\n') + 1, m.Value.Trim()))];
    }

    private static string Root([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", "..", ".."));

    // A doc comment that ties a list to another's frames, then the list itself (a property, or a record's parameters).
    [GeneratedRegex(@"///[^\n]*\b(?:[Pp]er frame|same order)\b[^\n]*\n(?:\s*///[^\n]*\n)*[^\n]*(?:IReadOnlyList<[^\n]*\{\s*get|\brecord\b[^\n]*IReadOnlyList<)")]
    private static partial Regex PerFrameDoc();

    // i < xs.Count ? xs[i] : null (or false, default), and i < xs.Count && xs[i] taken as it is (a flag, a pattern):
    // a list that may be shorter than the one i walks. (A bounds check that goes on to use the item, xs[i].Name or
    // xs[i] < y, reads one list.)
    [GeneratedRegex(@"\b\w+(?:\s*[+-]\s*\d+)?\s*<\s*(?<list>[\w.]+)\.Count\s*(?:\?\s*\k<list>\[[^\]]+\]\s*:\s*(?:null|false|default)\b|&&\s*\k<list>\[[^\]]+\](?!\s*[.\[=!<>+\-*/]))")]
    private static partial Regex AlignmentGuard();

    // xs.Select((x, i) => … ys[i] …): ys read at xs's positions.
    [GeneratedRegex(@"(?<walked>[\w.]+)\.Select\(\(\w+,\s*(?<i>\w+)\)\s*=>[^;]*?(?<other>[\w.]+)\[\k<i>\]")]
    private static partial Regex IndexedSibling();
}
