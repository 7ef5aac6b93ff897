using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace PoolDoctor.Collect.Sources;

/// <summary>
/// Finds an assembly's portable PDB the way debuggers do (embedded, then the debug directory's path, then beside the
/// assembly) and checks it against the id the assembly's debug directory records. A PDB from another build has other
/// sequence points: it is ignored and <see cref="Opened.Problem"/> says so, rather than giving wrong lines.
/// </summary>
internal static class PortablePdb
{
    public sealed record Opened(MetadataReaderProvider? Provider, string? Problem);

    public static Opened Open(PEReader assembly, string assemblyPath)
    {
        try
        {
            var entries = assembly.ReadDebugDirectory();
            var embedded = entries.FirstOrDefault(e => e.Type == DebugDirectoryEntryType.EmbeddedPortablePdb);
            if (embedded.DataSize > 0)
            {
                return new Opened(assembly.ReadEmbeddedPortablePdbDebugDirectoryData(embedded), null);
            }
            var codeView = entries.FirstOrDefault(e => e.Type == DebugDirectoryEntryType.CodeView);
            if (codeView.DataSize == 0)
            {
                return new Opened(null, $"{Path.GetFileName(assemblyPath)} was built without debug information: no file:line for its frames");
            }
            var data = assembly.ReadCodeViewDebugDirectoryData(codeView);
            var beside = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(assemblyPath)) ?? ".", Path.GetFileNameWithoutExtension(assemblyPath) + ".pdb");
            string? mismatched = null;
            foreach (var candidate in new[] { data.Path, beside }.Where(p => !string.IsNullOrEmpty(p)).Distinct(StringComparer.Ordinal))
            {
                if (!File.Exists(candidate))
                {
                    continue;
                }
                var provider = MetadataReaderProvider.FromPortablePdbStream(File.OpenRead(candidate));
                if (Matches(provider.GetMetadataReader(), data.Guid, codeView.Stamp))
                {
                    return new Opened(provider, null);
                }
                provider.Dispose();
                mismatched ??= candidate;
            }
            return mismatched is not null
                ? new Opened(null, $"{mismatched} does not match {Path.GetFileName(assemblyPath)} (its PDB id differs: another build); ignored, no file:line for its frames")
                : new Opened(null, $"no PDB for {Path.GetFileName(assemblyPath)} (looked for {beside}): no file:line for its frames");
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or UnauthorizedAccessException or InvalidOperationException)
        {
            return new Opened(null, $"the PDB of {Path.GetFileName(assemblyPath)} is unreadable ({e.Message}): no file:line for its frames");
        }
    }

    // The PDB id is the CodeView GUID followed by the entry's stamp (portable PDB spec, "PDB Stream").
    private static bool Matches(MetadataReader pdb, Guid guid, uint stamp)
    {
        var id = pdb.DebugMetadataHeader?.Id;
        if (id is not { Length: 20 } bytes)
        {
            return false;
        }
        return new Guid(bytes.AsSpan(0, 16)) == guid && BitConverter.ToUInt32(bytes.AsSpan(16, 4)) == stamp;
    }
}
