namespace PoolDoctor.Model.Verdicts;

/// <summary>An enum member's JSON name, derived (ThreadCountSettled → thread-count-settled): a member added later is named without a table to keep in step.</summary>
internal static class KebabCase
{
    public static string Of(string pascal) =>
        string.Concat(pascal.Select((c, i) => char.IsUpper(c) ? (i == 0 ? "" : "-") + char.ToLowerInvariant(c) : c.ToString()));
}
