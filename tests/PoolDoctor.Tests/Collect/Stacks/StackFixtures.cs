using System.IO.Compression;

namespace PoolDoctor.Tests.Collect.Stacks;

/// <summary>The recorded nettrace fixtures, and damaged copies of them made on the fly.</summary>
internal static class StackFixtures
{
    public static string Directory { get; } = Path.Combine(AppContext.BaseDirectory, "fixtures", "stacks");

    public static string PoolDoctorTaskWait => Path.Combine(Directory, "pooldoctor-taskwait.nettrace.gz");

    /// <summary>`stacks --duration 3s` started 1.5 s before 125 connections loaded taskwait: requests start in the window.</summary>
    public static string PoolDoctorTaskWaitAspNet => Path.Combine(Directory, "pooldoctor-taskwait-aspnet.nettrace.gz");

    /// <summary>`stacks --duration 1s` 8 s into the same load: every blocked request started before the session.</summary>
    public static string PoolDoctorTaskWaitAspNetLate => Path.Combine(Directory, "pooldoctor-taskwait-aspnet-late.nettrace.gz");

    /// <summary>scripts/stack-fixtures/MvcTarget (an MVC action blocking on .Result) under 60 connections, same timing.</summary>
    public static string MvcOrdersAspNet => Path.Combine(Directory, "mvc-orders-aspnet.nettrace.gz");

    /// <summary>The deps.json of the tool that hosted the lab in <see cref="PoolDoctorTaskWaitAspNet"/>, as built then.</summary>
    public static string PoolDoctorTaskWaitAspNetDepsJson => Path.Combine(Directory, "pooldoctor-taskwait-aspnet.deps.json");

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
