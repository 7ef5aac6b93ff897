namespace PoolDoctor.Collect.Stacks;

/// <summary>The temporary trace files a capture leaves behind.</summary>
public static class TraceFile
{
    /// <summary>Deletes the file if it can; a file still open elsewhere stays in the temp folder rather than fail a run.</summary>
    public static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
        }
    }
}
