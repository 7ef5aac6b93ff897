using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;

namespace PoolDoctor.Tests.Architecture;

/// <summary>
/// English stays in Report (issue 33, item 7): Analysis states facts as kinds and names (<c>EvidenceItem</c>,
/// <c>CallSiteNote</c>, <c>AdviceEvidence</c>) and Report words them. A string literal in Analysis with three words in a
/// row is a sentence template; the files that still hold some are counted below, so a new template fails here and a
/// moved one asks for its line to come down. Exception messages (for developers) and comments do not count.
/// </summary>
public sealed partial class EnglishInAnalysisTests
{
    // What remains, per file under src/PoolDoctor.Analysis: lines holding a sentence template (or, in the advice, the C#
    // snippets it shows, written as text), with why each is still here.
    private static readonly Dictionary<string, int> Remaining = new(StringComparer.Ordinal)
    {
        // The advice's headlines, explanations, code notes and before/after snippets (one line each).
        ["Advice/AdviceCatalog.cs"] = 56,
        // The package and no-async-twin advice, with the internal-twin English ("upgrade ... or report it upstream").
        ["Advice/AdviceCatalog.Packages.cs"] = 29,
        // The stop-gap's sentences (MinThreads, the pool's bounds): another helper's at the time of the move.
        ["Advice/MinThreadsCalculator.cs"] = 15,
        ["Advice/PoolBounds.cs"] = 17,
        ["Advice/StopGapAgainstConfigured.cs"] = 4,
        ["Advice/AdviceBuilder.cs"] = 1,
        // How B (the threads blocked at once) was sized: the stop-gap's "sized from" line.
        ["Advice/BlockingDemand.cs"] = 10,
        // The culprit's stand-in method name when no frame names it: "(inlined or generated code)".
        ["Culprits/Shapes/SiteParts.cs"] = 1,
        // The --fail-on gate's one-line summary.
        ["Gate/FailGate.cs"] = 2,
        // Code the rewrite rules produce (C#, not English): another helper's at the time of the move.
        ["Rewrite/AsyncRewriteRules.cs"] = 2,
        // The runtime's own module name, matched, not said.
        ["Stacks/GeneratedCode.cs"] = 1,
    };

    [Fact]
    public void No_new_english_sentence_template_in_analysis()
    {
        var found = AnalysisSources()
            .Select(file => (File: Path.GetRelativePath(AnalysisRoot(), file).Replace('\\', '/'), Lines: SentenceLines(file).ToList()))
            .Where(x => x.Lines.Count > 0)
            .ToDictionary(x => x.File, x => x.Lines);
        var wrong = new List<string>();
        foreach (var (file, lines) in found)
        {
            var allowed = Remaining.GetValueOrDefault(file);
            if (lines.Count > allowed)
            {
                wrong.Add($"{file}: {lines.Count} sentence line(s), {allowed} allowed; word it in Report from a kind and figures:\n  "
                    + string.Join("\n  ", lines));
            }
            else if (lines.Count < allowed)
            {
                wrong.Add($"{file}: {lines.Count} sentence line(s) now, {allowed} listed: lower its count in Remaining");
            }
        }
        wrong.AddRange(Remaining.Keys.Where(file => !found.ContainsKey(file)).Select(file => $"{file}: none left: remove it from Remaining"));
        Assert.True(wrong.Count == 0, string.Join('\n', wrong));
    }

    [Fact]
    public void The_check_sees_a_sentence_template_and_not_code()
    {
        // A guard for the test above: the pattern must see the templates it exists to catch, and not names or keys.
        Assert.True(HasSentence("Note = $\"handler inlined into {where}; endpoint {described}\" },"));
        Assert.True(HasSentence("lines.Add(\"no user code on the stack\");"));
        Assert.True(HasSentence("return $\"{a} calls {b}, under which the package blocks\";"));
        Assert.False(HasSentence("json.WriteString(\"repositoryFile\", c.Site.RepositoryFile);"));
        Assert.False(HasSentence("var at = Path.GetFileName(file) + \":\" + line;"));
        Assert.False(HasSentence("$\"{frame} ({offset:x4})\""));
        Assert.False(HasSentence("throw new ArgumentOutOfRangeException(nameof(kind), kind, \"unknown blocking kind\");"));
        Assert.False(HasSentence("// a comment with many words in it \"like this one here\""));
        Assert.True(AnalysisSources().Count() > 50, "the Analysis sources were not found");
    }

    private static IEnumerable<string> SentenceLines(string file) =>
        File.ReadLines(file).Select((line, index) => (line, index))
            .Where(x => HasSentence(x.line))
            .Select(x => $"{x.index + 1}: {x.line.Trim()}");

    private static bool HasSentence(string line)
    {
        var trimmed = line.TrimStart();
        if (trimmed.StartsWith("//", StringComparison.Ordinal) || line.Contains("Exception(", StringComparison.Ordinal))
        {
            return false;
        }
        return Literal().Matches(line).Any(m =>
            Words().IsMatch(m.Groups["prefix"].Value.Contains('$', StringComparison.Ordinal) ? Hole().Replace(m.Groups["text"].Value, " X ") : m.Groups["text"].Value));
    }

    private static IEnumerable<string> AnalysisSources() =>
        Directory.EnumerateFiles(AnalysisRoot(), "*.cs", SearchOption.AllDirectories)
            .Where(file => !file.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !file.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    private static string AnalysisRoot([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", "..", "src", "PoolDoctor.Analysis"));

    // A regular or interpolated string literal on one line (verbatim/raw ones hold no templates in Analysis).
    [GeneratedRegex(@"(?<prefix>\$?@?)""(?<text>(?:[^""\\]|\\.)*)""")]
    private static partial Regex Literal();

    // An interpolation hole: what it holds is code, not words.
    [GeneratedRegex(@"\{[^{}]*\}")]
    private static partial Regex Hole();

    // Three words in a row, separated by spaces or punctuation: a sentence, not a name or a key.
    [GeneratedRegex(@"[A-Za-z][A-Za-z']+(?:[ ,:;()]+[A-Za-z'][A-Za-z']*){2,}")]
    private static partial Regex Words();
}
