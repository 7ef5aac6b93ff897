using System.Reflection.PortableExecutable;

namespace PoolDoctor.Collect.Sources;

/// <summary>
/// The build an assembly file is: the GUID of its CodeView debug entry, which the runtime also reports for every
/// module it loads (the trace's ManagedPdbSignature). Equal ids mean the file on disk is the build that ran.
/// </summary>
public static class AssemblyBuildId
{
    /// <summary>The CodeView GUID of the assembly at <paramref name="path"/>; null when it has none or cannot be read.</summary>
    public static Guid? Of(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            var codeView = pe.ReadDebugDirectory().FirstOrDefault(e => e.Type == DebugDirectoryEntryType.CodeView);
            return codeView.DataSize == 0 ? null : pe.ReadCodeViewDebugDirectoryData(codeView).Guid;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or BadImageFormatException or InvalidOperationException)
        {
            return null;
        }
    }

    /// <summary>
    /// Null when the local file may stand for the traced module (same build, or either id unknown); else one line
    /// saying it is another build, so its lines are not used for frames of the traced one.
    /// </summary>
    public static string? Mismatch(string moduleName, string localPath, Guid traced)
    {
        if (traced == Guid.Empty || Of(localPath) is not { } local || local == traced)
        {
            return null;
        }
        return $"{moduleName}: '{localPath}' is another build than the one traced (its PDB id {local:N}, the trace recorded {traced:N}): "
            + "no file:line from it, since its lines would not match the code that ran";
    }
}
