using System.Text.Json.Serialization;

namespace PoolDoctor.Model.Advice;

/// <summary>Where a fix's before/after snippets come from; reports spell it in kebab case.</summary>
public enum AdviceCode
{
    /// <summary>A pattern written with the culprit's names, not the user's code.</summary>
    [JsonStringEnumMemberName("pattern")] Pattern,

    /// <summary>The user's own lines, numbered, and those lines rewritten.</summary>
    [JsonStringEnumMemberName("source")] Source,

    /// <summary>The user's lines, and a pattern of the fix.</summary>
    [JsonStringEnumMemberName("source-before")] SourceBefore,

    /// <summary>No code change to show (the fix is a package upgrade or a setting).</summary>
    [JsonStringEnumMemberName("none")] None,
}
