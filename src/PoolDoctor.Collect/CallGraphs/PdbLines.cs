using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>
/// The portable PDB of an assembly, embedded or beside it (found the way debuggers find it: the debug directory's
/// path, then the assembly's folder, checked against the PDB id). Absent, Windows-format or corrupt PDBs give no
/// lines rather than an error: lines are a bonus on a call site, not a requirement.
/// </summary>
internal sealed class PdbLines : IDisposable
{
    private readonly MetadataReaderProvider? _provider;
    private readonly MetadataReader? _reader;
    private readonly SourceLinkMap _sourceLink;

    private PdbLines(MetadataReaderProvider? provider)
    {
        _provider = provider;
        _reader = provider?.GetMetadataReader();
        _sourceLink = _reader is null ? SourceLinkMap.Empty : SourceLinkMap.Read(_reader);
    }

    public bool Found => _reader is not null;

    public static PdbLines Open(PEReader assembly, string assemblyPath)
    {
        try
        {
            return assembly.TryOpenAssociatedPortablePdb(assemblyPath, OpenIfPresent, out var provider, out _)
                ? new PdbLines(provider)
                : new PdbLines(null);
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or UnauthorizedAccessException or InvalidOperationException)
        {
            return new PdbLines(null);
        }
    }

    /// <summary>The method's non-hidden sequence points in IL order; empty without a PDB.</summary>
    public IReadOnlyList<IlSequencePoint> Of(MethodDefinitionHandle method)
    {
        if (_reader is null)
        {
            return [];
        }
        var handle = method.ToDebugInformationHandle();
        if (MetadataTokens.GetRowNumber(handle) > _reader.MethodDebugInformation.Count)
        {
            return [];
        }
        var points = new List<IlSequencePoint>();
        foreach (var point in _reader.GetMethodDebugInformation(handle).GetSequencePoints())
        {
            if (!point.IsHidden && !point.Document.IsNil)
            {
                var file = _reader.GetString(_reader.GetDocument(point.Document).Name);
                var url = _sourceLink.UrlOf(file);
                points.Add(new IlSequencePoint(point.Offset, file, point.StartLine) { SourceUrl = url is null ? null : url + "#L" + point.StartLine });
            }
        }
        points.Sort((a, b) => a.IlOffset.CompareTo(b.IlOffset));
        return points;
    }

    public void Dispose() => _provider?.Dispose();

    private static FileStream? OpenIfPresent(string path) => File.Exists(path) ? File.OpenRead(path) : null;
}
