namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// A report's bytes, read with a cap before any JSON parser sees them: reports are KB to a few MB, and a mistaken
/// argument (a dump, /dev/zero, a log) must be refused by what it is, not read whole into memory. The cap is counted
/// while reading, since a device's length says nothing (/dev/zero reports 0 and never ends). Read by
/// <see cref="ReportJsonReader"/>, the one reader of report.json, so every verb that reads a report is bounded alike.
/// </summary>
public static class ReportBytes
{
    /// <summary>Far above any report the tool writes (a watch's report of a large service is a few MB).</summary>
    public const int MaxBytes = 16 * 1024 * 1024;

    /// <summary>How long a report's file may take to open and give data: a FIFO with no writer blocks in open() forever.</summary>
    public static readonly TimeSpan DataBound = TimeSpan.FromSeconds(5);

    public static byte[] Read(string path)
    {
        // Read on a pool thread (background: the process may end while it still blocks), so a FIFO or a device with
        // nothing to give ends the run with one line instead of hanging it past Ctrl+C.
        var reading = Task.Run(() => ReadAll(path));
        try
        {
            if (!reading.Wait(DataBound))
            {
                throw new InvalidDataException($"'{path}' gave no report in {DataBound.TotalSeconds:0} s (a FIFO with no writer, or a pipe that stays silent?)");
            }
        }
        catch (AggregateException e) when (e.InnerException is InvalidDataException inner)
        {
            throw inner;
        }
        return reading.Result;
    }

    private static byte[] ReadAll(string path)
    {
        if (Directory.Exists(path))
        {
            throw new InvalidDataException($"'{path}' is a directory; give a report.json (diagnose, watch) or stacks/analyze --format json output");
        }
        if (!File.Exists(path))
        {
            throw new InvalidDataException($"no such report '{path}'");
        }
        try
        {
            using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, 1 << 16);
            var buffer = new byte[1 << 16];
            using var content = new MemoryStream();
            int read;
            while ((read = stream.Read(buffer)) > 0)
            {
                if (content.Length == 0 && FirstSignificant(buffer.AsSpan(0, read)) is { } first && first != (byte)'{')
                {
                    throw new InvalidDataException($"'{path}' is not a report: a report is a JSON object and starts with '{{', this starts with byte 0x{first:X2}");
                }
                if (content.Length + read > MaxBytes)
                {
                    throw new InvalidDataException($"'{path}' is not a report: it is larger than {MaxBytes / (1024 * 1024)} MB (reports are KB to a few MB)");
                }
                content.Write(buffer, 0, read);
            }
            return content.ToArray();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new InvalidDataException($"cannot read the report '{path}': {e.Message}");
        }
    }

    /// <summary>The first byte that is not whitespace or a UTF-8 byte-order mark, or null when the chunk has none.</summary>
    private static byte? FirstSignificant(ReadOnlySpan<byte> chunk)
    {
        var start = chunk.StartsWith((ReadOnlySpan<byte>)[0xEF, 0xBB, 0xBF]) ? 3 : 0;
        foreach (var b in chunk[start..])
        {
            if (b is not ((byte)' ' or (byte)'\t' or (byte)'\r' or (byte)'\n'))
            {
                return b;
            }
        }
        return null;
    }
}
