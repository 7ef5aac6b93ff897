namespace PoolDoctor.Model.Advice;

/// <summary>One documented place to set MinThreads (runtimeconfig.json, MSBuild, code, environment) and its text.</summary>
public sealed record ConfigSetting(string Where, string Language, string Text);
