using PoolDoctor.Fix.Diff;

namespace PoolDoctor.Fix.StopGap;

/// <summary>
/// The MinThreads stop-gap as an edit of the user's project, in the form asked. Every form is labelled a palliative in
/// the file itself where the format has comments (MSBuild, C#) and in the diff's label line always.
/// </summary>
public static class StopGapEdits
{
    /// <summary>The comment the project file and the code carry above the setting.</summary>
    public const string Palliative = "PoolDoctor stop-gap, a palliative and not a fix: it hides the blocking code named in the report; remove it once that code is async.";

    public static FileEdit For(string projectFile, int minThreads, StopGapForm form)
    {
        if (minThreads < 1 || minThreads > 32767)
        {
            throw new FixRefusedException($"MinThreads {minThreads} is outside 1..32767");
        }
        if (!File.Exists(projectFile))
        {
            throw new FixRefusedException($"{projectFile}: no such project file");
        }
        var folder = Path.GetDirectoryName(Path.GetFullPath(projectFile))!;
        var edit = form switch
        {
            StopGapForm.RuntimeConfig => RuntimeConfigTemplate.Edit(folder, minThreads),
            StopGapForm.MsBuild => ProjectProperty.Edit(Path.GetFullPath(projectFile), minThreads),
            _ => StartupCall.Edit(folder, minThreads),
        };
        return edit with { Label = $"Stop-gap ({Describe(form)}): MinThreads = {minThreads}. {Palliative}" };
    }

    public static string Describe(StopGapForm form) => form switch
    {
        StopGapForm.RuntimeConfig => "System.Threading.ThreadPool.MinThreads in runtimeconfig.template.json",
        StopGapForm.MsBuild => "the <ThreadPoolMinThreads> MSBuild property",
        _ => "ThreadPool.SetMinThreads at start-up",
    };
}
