namespace PoolDoctor.Cli;

/// <summary>`--format text|json`, shared by the verbs that stream or print results.</summary>
internal static class OutputFormat
{
    public static bool IsJson(string? value, string optionName = "--format") =>
        (value ?? "text").ToLowerInvariant() switch
        {
            "text" => false,
            "json" => true,
            _ => throw new UsageException($"{optionName}: '{value}' is not one of text, json"),
        };
}
