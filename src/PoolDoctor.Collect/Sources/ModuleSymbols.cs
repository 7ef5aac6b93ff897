using System.IO.Compression;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Sources;

/// <summary>One assembly with its matching portable PDB (when there is one): sequence points, call offsets, Source Link
/// and embedded source, read lazily per method.</summary>
internal sealed class ModuleSymbols : IDisposable
{
    private static readonly Guid EmbeddedSourceKind = new("0E8A571B-6926-466E-B4AD-8AB04611F5FE");

    private readonly FileStream? _stream;
    private readonly PEReader? _pe;
    private readonly MetadataReaderProvider? _pdbProvider;
    private readonly MetadataReader? _pdb;
    private readonly SourceLinkMap _sourceLink = SourceLinkMap.Empty;

    public ModuleSymbols(string assemblyPath)
    {
        try
        {
            _stream = File.OpenRead(assemblyPath);
            _pe = new PEReader(_stream);
            if (!_pe.HasMetadata)
            {
                Problem = $"{assemblyPath} is not a .NET assembly: no file:line for its frames";
                return;
            }
            var opened = PortablePdb.Open(_pe, assemblyPath);
            Problem = opened.Problem;
            _pdbProvider = opened.Provider;
            _pdb = _pdbProvider?.GetMetadataReader();
            if (_pdb is not null)
            {
                _sourceLink = SourceLinkMap.Read(_pdb);
            }
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or UnauthorizedAccessException)
        {
            Problem = $"{assemblyPath} is unreadable ({e.Message}): no file:line for its frames";
        }
    }

    /// <summary>Why this module gives no lines (no PDB, another build's PDB, no debug info); null when it does.</summary>
    public string? Problem { get; }

    public SourceLocation? Locate(int methodToken, int ilOffset, bool returnAddress)
    {
        if (_pdb is null || _pe is null || ilOffset < 0 || (methodToken >> 24) != 0x06)
        {
            return null;
        }
        try
        {
            var method = (MethodDefinitionHandle)MetadataTokens.EntityHandle(methodToken);
            var points = SequencePoints(method);
            if (points.Count == 0)
            {
                return null;
            }
            var offset = returnAddress ? CallBefore(method, ilOffset, points) : ilOffset;
            var point = points.LastOrDefault(p => p.Offset <= offset);
            if (point.Document.IsNil)
            {
                return null;
            }
            var file = _pdb.GetString(_pdb.GetDocument(point.Document).Name);
            return new SourceLocation(file, point.StartLine) { SourceUrl = UrlOf(file, point.StartLine) };
        }
        catch (Exception e) when (e is BadImageFormatException or InvalidOperationException or ArgumentException)
        {
            return null;
        }
    }

    public string? UrlOf(string file, int line) => _sourceLink.UrlOf(file) is { } url ? url + "#L" + line : null;

    /// <summary>The source of a document embedded in the PDB (EmbeddedSource custom debug information), or null.</summary>
    public string? EmbeddedText(string file)
    {
        if (_pdb is null)
        {
            return null;
        }
        foreach (var handle in _pdb.Documents)
        {
            var document = _pdb.GetDocument(handle);
            if (!string.Equals(_pdb.GetString(document.Name), file, StringComparison.Ordinal))
            {
                continue;
            }
            foreach (var infoHandle in _pdb.GetCustomDebugInformation(handle))
            {
                var info = _pdb.GetCustomDebugInformation(infoHandle);
                if (_pdb.GetGuid(info.Kind) == EmbeddedSourceKind)
                {
                    return Decode(_pdb.GetBlobBytes(info.Value));
                }
            }
        }
        return null;
    }

    public void Dispose()
    {
        _pdbProvider?.Dispose();
        _pe?.Dispose();
        _stream?.Dispose();
    }

    private List<SequencePoint> SequencePoints(MethodDefinitionHandle method)
    {
        var handle = method.ToDebugInformationHandle();
        if (MetadataTokens.GetRowNumber(handle) > _pdb!.MethodDebugInformation.Count)
        {
            return [];
        }
        var points = _pdb.GetMethodDebugInformation(handle).GetSequencePoints().Where(p => !p.IsHidden).ToList();
        points.Sort((a, b) => a.Offset.CompareTo(b.Offset));
        return points;
    }

    // A caller frame's address is a return address: the JIT's map may place it at the call (same statement) or at
    // the start of the next statement. When the statement holding the offset has no call up to it, the frame is
    // returning from the last call before it, which is the line the user wrote the call on.
    private int CallBefore(MethodDefinitionHandle method, int ilOffset, List<SequencePoint> points)
    {
        var pe = _pe!;
        var definition = pe.GetMetadataReader().GetMethodDefinition(method);
        if (definition.RelativeVirtualAddress == 0)
        {
            return ilOffset;
        }
        var calls = IlScanner.MethodReferences(pe.GetMethodBody(definition.RelativeVirtualAddress).GetILReader())
            .Where(i => i.OpCode is IlScanner.Call or IlScanner.CallVirt or IlScanner.NewObj)
            .Select(i => i.Offset)
            .ToList();
        var statementStart = points.LastOrDefault(p => p.Offset <= ilOffset).Offset;
        if (calls.Any(c => c >= statementStart && c <= ilOffset))
        {
            return ilOffset;
        }
        var previous = calls.Where(c => c < statementStart).DefaultIfEmpty(-1).Max();
        return previous >= 0 ? previous : ilOffset;
    }

    // Embedded source blob: int32 format (0 = raw, else the uncompressed size of deflate data), then the bytes.
    internal static string Decode(byte[] blob)
    {
        if (blob.Length < 4)
        {
            return "";
        }
        var size = BitConverter.ToInt32(blob, 0);
        if (size == 0)
        {
            return System.Text.Encoding.UTF8.GetString(blob, 4, blob.Length - 4);
        }
        using var deflate = new DeflateStream(new MemoryStream(blob, 4, blob.Length - 4), CompressionMode.Decompress);
        using var reader = new StreamReader(deflate, System.Text.Encoding.UTF8);
        return reader.ReadToEnd();
    }
}
