using PoolDoctor.Collect.Dumps;

namespace PoolDoctor.Fuzz;

/// <summary>
/// `analyze FILE`'s front door for dumps, before ClrMD: ELF or not, a core file or not, and the length its program
/// headers declare (to name a truncated copy). The input is written to a file, as the checks read a path.
/// </summary>
internal static class DumpHeaderTarget
{
    private static readonly string Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"pooldoctor-fuzz-dump-{Environment.ProcessId}.core");

    public static void Run(byte[] input)
    {
        File.WriteAllBytes(Path, input);
        if (!CoreDumpFile.IsElf(Path))
        {
            return;
        }
        _ = CoreDumpFile.IsCoreDump(Path);
        if (CoreDumpFile.DeclaredLength(Path) is { } declared && declared < 0)
        {
            throw new FuzzFindingException($"a declared length of {declared} bytes");
        }
    }
}
