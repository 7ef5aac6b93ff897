using System.Text;

namespace PoolDoctor.Fix;

/// <summary>Writes a plan: the changed files in place (`--apply`, keeping each file's byte-order mark), or the diff to a file.</summary>
public static class FixFiles
{
    public static void Apply(FixPlan plan)
    {
        if (plan.Refused)
        {
            throw new InvalidOperationException("a refused fix has nothing to write");
        }
        foreach (var file in plan.ChangedFiles)
        {
            var bom = HasBom(file.Path);
            File.WriteAllText(file.Path, file.NewText, new UTF8Encoding(encoderShouldEmitUTF8Identifier: bom));
        }
    }

    public static void WriteDiff(FixPlan plan, string path) => File.WriteAllText(path, plan.Diff, new UTF8Encoding(false));

    private static bool HasBom(string path)
    {
        using var stream = File.OpenRead(path);
        Span<byte> head = stackalloc byte[3];
        return stream.Read(head) == 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF;
    }
}
