using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PoolDoctor.Fix.Diff;

namespace PoolDoctor.Fix.StopGap;

/// <summary>
/// <c>ThreadPool.SetMinThreads</c> as the program's first statement: before the first top-level statement, or the
/// first statement of a static <c>Main</c>. Found by parsing the project folder's C# files (bin and obj left out); a
/// project with neither (or only an empty or expression-bodied Main) is refused rather than guessed at.
/// </summary>
internal static class StartupCall
{
    public static FileEdit Edit(string projectFolder, int minThreads)
    {
        foreach (var path in SourceFiles(projectFolder))
        {
            var text = File.ReadAllText(path);
            var root = CSharpSyntaxTree.ParseText(text, path: path).GetCompilationUnitRoot();
            var first = root.Members.OfType<GlobalStatementSyntax>().FirstOrDefault()?.Statement
                ?? MainBody(root, path)?.Statements.FirstOrDefault();
            if (first is null)
            {
                continue;
            }
            return Insert(path, text, LineStart(text, first.SpanStart), Indent(text, first.SpanStart), minThreads);
        }
        throw new FixRefusedException($"{projectFolder}: no top-level statements and no static Main found to call ThreadPool.SetMinThreads from; use --stop-gap-as runtimeconfig or msbuild");
    }

    private static BlockSyntax? MainBody(CompilationUnitSyntax root, string path)
    {
        var main = root.DescendantNodes().OfType<MethodDeclarationSyntax>()
            .FirstOrDefault(m => m.Identifier.Text == "Main" && m.Modifiers.Any(SyntaxKind.StaticKeyword));
        if (main is { Body: null })
        {
            var line = main.GetLocation().GetLineSpan().StartLinePosition.Line + 1;
            throw new FixRefusedException($"{path}:{line}: Main has no block body to put ThreadPool.SetMinThreads in; use --stop-gap-as runtimeconfig or msbuild");
        }
        return main?.Body;
    }

    private static FileEdit Insert(string path, string text, int at, string indent, int minThreads)
    {
        var newline = text.Contains("\r\n", StringComparison.Ordinal) ? "\r\n" : "\n";
        // A block, so its local does not collide with the program's own names; fully qualified, so no using is needed.
        string[] lines =
        [
            $"// {StopGapEdits.Palliative}",
            "{",
            "    System.Threading.ThreadPool.GetMinThreads(out _, out var completionPortThreads);",
            $"    System.Threading.ThreadPool.SetMinThreads({minThreads}, completionPortThreads);",
            "}",
        ];
        return new FileEdit(path, text, text.Insert(at, string.Concat(lines.Select(l => indent + l + newline))));
    }

    private static IEnumerable<string> SourceFiles(string folder)
    {
        var files = Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(f => !Path.GetRelativePath(folder, f).Split(Path.DirectorySeparatorChar).Any(p => p is "bin" or "obj"))
            .ToList();
        // Program.cs first: where start-up code lives by convention, and where the template puts it.
        return files.OrderBy(f => Path.GetFileName(f).Equals("Program.cs", StringComparison.OrdinalIgnoreCase) ? 0 : 1).ThenBy(f => f, StringComparer.Ordinal);
    }

    private static int LineStart(string text, int position)
    {
        var newline = text.LastIndexOf('\n', Math.Max(0, position - 1));
        return newline < 0 ? 0 : newline + 1;
    }

    private static string Indent(string text, int position)
    {
        var start = LineStart(text, position);
        var end = start;
        while (end < text.Length && text[end] is ' ' or '\t')
        {
            end++;
        }
        return text[start..end];
    }
}
