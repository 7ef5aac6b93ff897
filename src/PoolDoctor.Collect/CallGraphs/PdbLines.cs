using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

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

    /// <summary>Adds the text of every document this PDB names that is embedded in it or on disk at its path.</summary>
    public void ReadSources(Dictionary<string, string> into, ref long budget)
    {
        if (_reader is null)
        {
            return;
        }
        foreach (var handle in _reader.Documents)
        {
            var document = _reader.GetDocument(handle);
            var name = _reader.GetString(document.Name);
            if (into.ContainsKey(name) || budget <= 0)
            {
                continue;
            }
            var text = Embedded(handle) ?? OnDisk(name);
            if (text is not null && text.Length <= MaxSourceChars)
            {
                into[name] = text;
                budget -= text.Length;
            }
        }
    }

    /// <summary>Adds the checksum the compiler recorded for every document this PDB names (SHA-256 or SHA-1).</summary>
    public void ReadChecksums(Dictionary<string, SourceChecksum> into)
    {
        if (_reader is null)
        {
            return;
        }
        foreach (var handle in _reader.Documents)
        {
            var document = _reader.GetDocument(handle);
            if (document.Hash.IsNil || document.HashAlgorithm.IsNil)
            {
                continue;
            }
            var algorithm = _reader.GetGuid(document.HashAlgorithm);
            var name = algorithm == Sha256 ? "sha256" : algorithm == Sha1 ? "sha1" : null;
            if (name is not null)
            {
                into.TryAdd(_reader.GetString(document.Name), new SourceChecksum(name, Convert.ToHexStringLower(_reader.GetBlobBytes(document.Hash))));
            }
        }
    }

    // The algorithms of the Portable PDB format's Document table (docs: "Portable PDB v1.0", Document table).
    private static readonly Guid Sha1 = new("ff1816ec-aa5e-4d10-87f7-6f4963833460");
    private static readonly Guid Sha256 = new("8829d00f-11b8-4213-878b-770e8597ac16");

    // A generated file or a data blob is not code a person fixes; the cap keeps a huge one out of memory.
    private const int MaxSourceChars = 512 * 1024;
    private static readonly Guid EmbeddedSourceKind = new("0E8A571B-6926-466E-B4AD-8AB04611F5FE");

    private string? Embedded(DocumentHandle document)
    {
        foreach (var handle in _reader!.GetCustomDebugInformation(document))
        {
            var info = _reader.GetCustomDebugInformation(handle);
            if (_reader.GetGuid(info.Kind) == EmbeddedSourceKind)
            {
                return ModuleSymbols.Decode(_reader.GetBlobBytes(info.Value));
            }
        }
        return null;
    }

    private static string? OnDisk(string path)
    {
        try
        {
            return File.Exists(path) && new FileInfo(path).Length <= MaxSourceChars ? File.ReadAllText(path) : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    public void Dispose() => _provider?.Dispose();

    private static FileStream? OpenIfPresent(string path) => File.Exists(path) ? File.OpenRead(path) : null;
}
