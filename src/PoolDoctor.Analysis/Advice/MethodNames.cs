namespace PoolDoctor.Analysis.Advice;

/// <summary>Turns a culprit's cleaned method name ("DiagScenarioController.TaskWait (async)") into the parts a snippet needs.</summary>
internal static class MethodNames
{
    /// <summary>The bare method name, "TaskWait": what a developer searches for in their code.</summary>
    public static string Short(string method)
    {
        var name = WithoutArguments(StripMarkers(method));
        var dot = name.LastIndexOf('.');
        var result = dot >= 0 && dot < name.Length - 1 ? name[(dot + 1)..] : name;
        return IsIdentifier(result) ? result : "Handle";
    }

    /// <summary>The type the method is declared in, "RateCardViewComponent" for "FixIo.Rates.RateCardViewComponent.Invoke"; null when the name has none.</summary>
    public static string? Type(string method)
    {
        var name = WithoutArguments(StripMarkers(method));
        var dot = name.LastIndexOf('.');
        if (dot <= 0)
        {
            return null;
        }
        var type = name[..dot];
        return type[(type.LastIndexOf('.') + 1)..];
    }

    /// <summary>"NpgsqlCommand.ExecuteNonQuery(string)" → "NpgsqlCommand.ExecuteNonQuery": stacks may carry a signature.</summary>
    public static string WithoutArguments(string name)
    {
        var paren = name.IndexOf('(', StringComparison.Ordinal);
        return paren > 0 ? name[..paren] : name;
    }

    // A culprit's Method carries no markers; a display name may ("... (async)").
    private static string StripMarkers(string method) => method.Replace("(async)", "", StringComparison.Ordinal).Trim();

    /// <summary>The snippet is C#: a name that is not a plain identifier (a mangled or hostile name) must not become code.</summary>
    public static bool IsIdentifier(string name) =>
        name.Length > 0 && (char.IsLetter(name[0]) || name[0] == '_') && name.All(c => char.IsLetterOrDigit(c) || c == '_');
}
