using System.IO.Compression;

namespace PoolDoctor.Collect.Stacks;

/// <summary>Traces compress about tenfold (the rundown is repetitive), so `analyze` also takes FILE.nettrace.gz.</summary>
internal static class GzipTrace
{
    public static string Expand(string path)
    {
        if (!File.Exists(path))
        {
            throw new NettraceFormatException($"no such file: '{path}'");
        }
        var plain = Path.Combine(Path.GetTempPath(), $"pooldoctor-{Guid.NewGuid():N}.nettrace");
        try
        {
            using var input = new GZipStream(File.OpenRead(path), CompressionMode.Decompress);
            using var output = File.Create(plain);
            input.CopyTo(output);
            return plain;
        }
        catch (InvalidDataException e)
        {
            File.Delete(plain);
            throw new NettraceFormatException($"'{path}' is not a valid gzip file ({e.Message})", e);
        }
    }
}
