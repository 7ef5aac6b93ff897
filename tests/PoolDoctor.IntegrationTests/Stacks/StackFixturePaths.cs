namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>The recorded traces kept with the unit tests (tests/PoolDoctor.Tests/fixtures/stacks), found from the build output.</summary>
internal static class StackFixturePaths
{
    public static string Directory { get; } = Find();

    public static string PoolDoctorTaskWait => Path.Combine(Directory, "pooldoctor-taskwait.nettrace.gz");

    public static string DotnetTraceTaskWait => Path.Combine(Directory, "dotnet-trace-waithandle-taskwait.nettrace.gz");

    private static string Find()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            var candidate = Path.Combine(dir.FullName, "tests", "PoolDoctor.Tests", "fixtures", "stacks");
            if (System.IO.Directory.Exists(candidate))
            {
                return candidate;
            }
        }
        throw new DirectoryNotFoundException("tests/PoolDoctor.Tests/fixtures/stacks not found above " + AppContext.BaseDirectory);
    }
}
