using System.Text;

namespace PoolDoctor.Collect.Inputs;

/// <summary>
/// Opens a recorded input (a trace or a dump) once and tells its kind from the bytes it read, so a pipe
/// (<c>analyze &lt;(zcat t.nettrace.gz)</c>, <c>/dev/fd/N</c>, <c>ssh host cat</c>) works as a file does: a stream that
/// cannot be read twice is copied to a temporary file as it is read. Every wait is bounded: a named pipe with no writer
/// blocks in open(), one whose writer sends nothing blocks in read(); both end in one line after the bound, and at once
/// on Ctrl+C or SIGTERM (the blocked open stays on a background thread that the exit ends).
/// </summary>
public static class InputFile
{
    private const int HeadLength = 8;
    private static readonly byte[] NettraceMagic = Encoding.ASCII.GetBytes("Nettrace");

    /// <param name="given">The path the user gave.</param>
    /// <param name="bound">How long a pipe or device has to open and give its first bytes.</param>
    /// <param name="expected">What the verb reads, for the refusals ("a .nettrace trace or a core dump").</param>
    public static async Task<OpenedInput> OpenAsync(string given, TimeSpan bound, string expected, CancellationToken cancellation)
    {
        if (Directory.Exists(given))
        {
            throw new InputFileException($"'{given}' is a directory; give {expected}");
        }
        if (!File.Exists(given))
        {
            throw new InputFileException($"no such file: '{given}'");
        }
        var stream = await Bounded(
            given,
            Task.Run(() => new FileStream(given, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, 1 << 16, FileOptions.None), CancellationToken.None),
            bound,
            $"'{given}' was not opened in {Seconds(bound)}: a named pipe (FIFO) opens only once something writes to it (e.g. zcat trace.nettrace.gz > {given})",
            cancellation,
            late => late.Dispose());
        try
        {
            var head = new byte[HeadLength];
            var read = stream.CanSeek
                ? stream.ReadAtLeast(head, head.Length, throwOnEndOfStream: false)
                : await Bounded(
                    given,
                    stream.ReadAtLeastAsync(head, head.Length, throwOnEndOfStream: false, CancellationToken.None).AsTask(),
                    bound,
                    $"'{given}' gave no data in {Seconds(bound)}: a pipe or device whose writer sends nothing (expected {expected})",
                    cancellation);
            var kind = KindOf(head.AsSpan(0, read));
            if (stream.CanSeek)
            {
                // A regular file: the readers open it again and seek as they need; nothing was consumed.
                return new OpenedInput(given, given, kind);
            }
            if (read == 0)
            {
                throw new InputFileException($"'{given}' is empty (a pipe or device that gave no bytes); expected {expected}");
            }
            if (kind == InputKind.Other)
            {
                throw new InputFileException($"'{given}' is not {expected}: it starts with {Hex(head.AsSpan(0, read))}, not with 'Nettrace', the gzip magic or an ELF header");
            }
            return new OpenedInput(given, await CopyAsync(stream, head.AsMemory(0, read), kind, cancellation), kind);
        }
        finally
        {
            await stream.DisposeAsync();
        }
    }

    public static InputKind KindOf(ReadOnlySpan<byte> head) =>
        head.StartsWith(NettraceMagic) ? InputKind.Nettrace
        : head.Length >= 2 && head[0] == 0x1F && head[1] == 0x8B ? InputKind.Gzip
        : head.Length >= 4 && head[0] == 0x7F && head[1] == (byte)'E' && head[2] == (byte)'L' && head[3] == (byte)'F' ? InputKind.Elf
        : InputKind.Other;

    /// <summary>The rest of a pipe after its head, into a temporary file named for its kind (the gzip reader goes by the name).</summary>
    private static async Task<string> CopyAsync(FileStream stream, ReadOnlyMemory<byte> head, InputKind kind, CancellationToken cancellation)
    {
        var extension = kind switch { InputKind.Gzip => ".nettrace.gz", InputKind.Elf => ".core", _ => ".nettrace" };
        var copy = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"pooldoctor-input-{Guid.NewGuid():N}{extension}");
        try
        {
            await using var output = new FileStream(copy, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1 << 16, useAsync: true);
            await output.WriteAsync(head, cancellation);
            // A pipe's read does not watch the token: the wait is raced instead, and the exit ends the copy.
            await stream.CopyToAsync(output, CancellationToken.None).WaitAsync(cancellation);
            return copy;
        }
        catch
        {
            File.Delete(copy);
            throw;
        }
    }

    private static async Task<T> Bounded<T>(string given, Task<T> work, TimeSpan bound, string timedOut, CancellationToken cancellation, Action<T>? abandon = null)
    {
        SelfTiming.ToolTimeline.Mark("wait");
        var finished = await Task.WhenAny(work, Task.Delay(bound, cancellation)).ConfigureAwait(false);
        if (finished == work)
        {
            try
            {
                return await work.ConfigureAwait(false);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new InputFileException($"cannot read '{given}': {e.Message}", e);
            }
        }
        _ = work.ContinueWith(
            late =>
            {
                if (late.IsCompletedSuccessfully)
                {
                    abandon?.Invoke(late.Result);
                }
                _ = late.Exception;
            },
            CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        cancellation.ThrowIfCancellationRequested();
        throw new InputFileException(timedOut);
    }

    private static string Hex(ReadOnlySpan<byte> bytes) => string.Join(' ', bytes.ToArray().Select(b => b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture)));

    private static string Seconds(TimeSpan span) => Attach.TargetWait.Seconds(span);
}
