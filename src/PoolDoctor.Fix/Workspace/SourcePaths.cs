using Microsoft.CodeAnalysis;

namespace PoolDoctor.Fix.Workspace;

/// <summary>
/// Maps a path as the report's PDB names it (the build machine's absolute path, maybe Windows-style) onto a document
/// of the loaded solution: the exact path when it is there, else the document whose path shares the longest tail of
/// folders with it (at least the file name). Two documents tied on the longest tail are ambiguous and refused.
/// </summary>
public static class SourcePaths
{
    public static Document? Map(Solution solution, string reportPath)
    {
        var wanted = Split(reportPath);
        Document? best = null;
        var bestScore = 0;
        var tie = false;
        foreach (var document in solution.Projects.SelectMany(p => p.Documents))
        {
            if (document.FilePath is null)
            {
                continue;
            }
            var score = CommonTail(wanted, Split(document.FilePath));
            if (score > bestScore)
            {
                (best, bestScore, tie) = (document, score, false);
            }
            else if (score == bestScore && score > 0 && best is not null && !SameFile(best, document))
            {
                tie = true;
            }
        }
        if (tie)
        {
            throw new FixRefusedException($"{reportPath}: several files of the project end the same way; give --project the one project that holds it");
        }
        return best;
    }

    // A file linked into two projects is one file.
    private static bool SameFile(Document a, Document b) => string.Equals(a.FilePath, b.FilePath, StringComparison.Ordinal);

    private static string[] Split(string path) => path.Split(['/', '\\'], StringSplitOptions.RemoveEmptyEntries);

    private static int CommonTail(string[] a, string[] b)
    {
        var n = 0;
        while (n < a.Length && n < b.Length && string.Equals(a[^(n + 1)], b[^(n + 1)], StringComparison.Ordinal))
        {
            n++;
        }
        return n;
    }
}
