using System.IO.Compression;

namespace PoolDoctor.Tests.Stacks;

/// <summary>The recorded nettrace fixtures, and damaged copies of them made on the fly.</summary>
internal static class StackFixtures
{
    public static string Directory { get; } = Path.Combine(AppContext.BaseDirectory, "fixtures", "stacks");

    public static string PoolDoctorTaskWait => Path.Combine(Directory, "pooldoctor-taskwait.nettrace.gz");

    public static string DotnetTraceTaskWait => Path.Combine(Directory, "dotnet-trace-waithandle-taskwait.nettrace.gz");

    public static byte[] Expand(string gz)
    {
        using var input = new GZipStream(File.OpenRead(gz), CompressionMode.Decompress);
        using var output = new MemoryStream();
        input.CopyTo(output);
        return output.ToArray();
    }

    public static string WriteTemp(byte[] bytes, string name)
    {
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-test-{Guid.NewGuid():N}-{name}");
        File.WriteAllBytes(path, bytes);
        return path;
    }
}
