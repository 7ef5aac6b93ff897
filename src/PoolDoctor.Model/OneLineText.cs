namespace PoolDoctor.Model;

/// <summary>
/// Text the tool did not write (a file's bytes, a user's argument) made fit for a one-line message: control characters
/// become \uXXXX, so a newline inside it cannot split the line (both cases were found by fuzzing).
/// </summary>
public static class OneLineText
{
    public static string Escape(string text) =>
        text.Any(char.IsControl) ? string.Concat(text.Select(c => char.IsControl(c) ? $"\\u{(int)c:x4}" : c.ToString())) : text;
}
