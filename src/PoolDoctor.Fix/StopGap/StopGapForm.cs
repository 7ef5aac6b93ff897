namespace PoolDoctor.Fix.StopGap;

/// <summary>Where `fix --stop-gap` writes MinThreads: the three places the articles put it (`--stop-gap-as`).</summary>
public enum StopGapForm
{
    /// <summary><c>System.Threading.ThreadPool.MinThreads</c> in the project's runtimeconfig.template.json.</summary>
    RuntimeConfig,

    /// <summary>The <c>&lt;ThreadPoolMinThreads&gt;</c> MSBuild property in the project file.</summary>
    MsBuild,

    /// <summary><c>ThreadPool.SetMinThreads</c> as the program's first statement.</summary>
    Code,
}

public static class StopGapForms
{
    public const string Names = "runtimeconfig, msbuild or code";

    public static StopGapForm? Parse(string text) => text.Trim().ToLowerInvariant() switch
    {
        "runtimeconfig" => StopGapForm.RuntimeConfig,
        "msbuild" => StopGapForm.MsBuild,
        "code" => StopGapForm.Code,
        _ => null,
    };
}
