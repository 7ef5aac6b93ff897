namespace PoolDoctor.Fix.Workspace;

/// <summary>
/// The project to load when `--project` is not given: the nearest .csproj above the call site's file, when that file
/// exists on this machine at the path the report names (the report was recorded from this checkout).
/// </summary>
public static class ProjectFinder
{
    public static string Find(string? sourceFile, string reportPath)
    {
        if (sourceFile is null)
        {
            throw new FixRefusedException("the culprit has no source file in the report: give --project PATH (a .csproj, .sln or .slnx)");
        }
        for (var dir = Path.GetDirectoryName(sourceFile); !string.IsNullOrEmpty(dir); dir = Path.GetDirectoryName(dir))
        {
            if (!Directory.Exists(dir))
            {
                continue;
            }
            var projects = Directory.GetFiles(dir, "*.csproj");
            if (projects.Length == 1)
            {
                return projects[0];
            }
            if (projects.Length > 1)
            {
                throw new FixRefusedException($"{dir} holds {projects.Length} projects: give --project PATH");
            }
        }
        throw new FixRefusedException($"no project found above {sourceFile} (the report's build machine path; '{Path.GetFileName(reportPath)}' was recorded elsewhere): give --project PATH");
    }
}
