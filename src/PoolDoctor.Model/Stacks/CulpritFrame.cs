namespace PoolDoctor.Model.Stacks;

/// <summary>
/// One frame as a culprit shows it (a frame of its chain or of its example stack): the cleaned method name, where the
/// frame was in the source when known, and the package it belongs to (null: the user's own code, or not a package's).
/// </summary>
public sealed record CulpritFrame(string Method, SourceLocation? Source = null, PackageRef? Package = null)
{
    /// <summary>Frames known by name only (a report written before frames carried their places, a hand-made case).</summary>
    public static IReadOnlyList<CulpritFrame> Named(IEnumerable<string> names) => [.. names.Select(n => new CulpritFrame(n))];
}
