namespace PoolDoctor.Collect.Inputs;

/// <summary>
/// An input opened once and recognised by its first bytes. <see cref="Path"/> is a regular file the readers may open
/// and seek: the file itself, or, for a pipe or device, a temporary copy of what it gave, deleted on dispose.
/// </summary>
public sealed class OpenedInput : IDisposable
{
    internal OpenedInput(string given, string path, InputKind kind)
    {
        Given = given;
        Path = path;
        Kind = kind;
    }

    /// <summary>The name the user gave (what every message names).</summary>
    public string Given { get; }

    /// <summary>A regular, seekable file holding the input.</summary>
    public string Path { get; }

    public InputKind Kind { get; }

    /// <summary>True when <see cref="Path"/> is a copy of a pipe's or device's content.</summary>
    public bool IsCopy => Path != Given;

    /// <summary>A reader's message about the copy, told about the file the user named instead.</summary>
    public string InUserTerms(string message) => IsCopy ? message.Replace(Path, Given, StringComparison.Ordinal) : message;

    public void Dispose()
    {
        if (IsCopy)
        {
            try
            {
                File.Delete(Path);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // A temporary file left behind is the system's to clean.
            }
        }
    }
}
