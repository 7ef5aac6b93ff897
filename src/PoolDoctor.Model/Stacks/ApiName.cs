namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A blocking API as report.json and every output name it (<c>Task&lt;TResult&gt;.Result</c>,
/// <c>NpgsqlCommand.ExecuteScalar</c>, <c>SemaphoreSlim.Wait(TimeSpan)</c>) split once into the type that declares it and
/// its member, so a reader of a culprit (`fix` finding the call in the source) compares members, not text it cut itself.
/// </summary>
/// <param name="Type">The declaring type as named, generic arguments kept (<c>Task&lt;TResult&gt;</c>); empty when the text has no dot.</param>
/// <param name="Member">The member without generic arguments or parameters (<c>Result</c>, <c>ExecuteScalar</c>, <c>Wait</c>).</param>
/// <param name="Text">The name exactly as written, which <see cref="ToString"/> gives back.</param>
public sealed record ApiName(string Type, string Member, string Text)
{
    /// <summary>The name as written; a dot inside generic arguments (<c>Task&lt;System.Int32&gt;.Result</c>) does not split it.</summary>
    public static ApiName Parse(string text)
    {
        var name = text;
        var paren = name.IndexOf('(', StringComparison.Ordinal);
        if (paren >= 0)
        {
            name = name[..paren];
        }
        var depth = 0;
        var lastDot = -1;
        for (var i = 0; i < name.Length; i++)
        {
            depth += name[i] == '<' ? 1 : name[i] == '>' ? -1 : 0;
            if (name[i] == '.' && depth == 0)
            {
                lastDot = i;
            }
        }
        var member = name[(lastDot + 1)..];
        var generic = member.IndexOf('<', StringComparison.Ordinal);
        return new ApiName(lastDot < 0 ? "" : name[..lastDot], generic >= 0 ? member[..generic] : member, text);
    }

    public override string ToString() => Text;
}
