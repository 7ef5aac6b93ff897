using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Reports;

/// <summary>A chain frame with its place in the source, as `fix` walks them: the name, file and line when known, and the
/// PDB checksum of that file when the report carries one.</summary>
public sealed record ChainPlace(string Method, string? File, int? Line, SourceChecksum? Checksum);

/// <summary>The places of a <see cref="Culprit"/> `fix` needs: the call site as one phrase, the chain frame by frame.</summary>
public static class CulpritPlaces
{
    /// <summary>"SqlOrderRepository.Find (SqlOrderRepository.cs:7)", or the method alone when the report has no file.</summary>
    public static string Where(Culprit culprit) =>
        culprit.Site.File is null ? culprit.Method : $"{culprit.Method} ({Path.GetFileName(culprit.Site.File)}:{culprit.Site.Line})";

    /// <summary>The checksum of the call site's file, when the report carries one.</summary>
    public static SourceChecksum? Checksum(Culprit culprit) =>
        culprit.Site.File is { } file && culprit.SourceChecksums.TryGetValue(file, out var sum) ? sum : null;

    /// <summary>The chain, outermost first, each frame with its place (file and line null when the report has none).</summary>
    public static IReadOnlyList<ChainPlace> Chain(Culprit culprit) =>
        [.. culprit.Chain.Select(frame => frame.Source is { } place
            ? new ChainPlace(frame.Method, place.File, place.Line, culprit.SourceChecksums.GetValueOrDefault(place.File))
            : new ChainPlace(frame.Method, null, null, null))];
}
