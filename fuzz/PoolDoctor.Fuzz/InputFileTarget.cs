using System.IO.Pipes;
using PoolDoctor.Collect.Dumps;
using PoolDoctor.Collect.Inputs;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Fuzz;

/// <summary>
/// `analyze FILE`'s open-by-kind path (<see cref="InputFile"/>): the file opened once, its kind told from the first bytes
/// it gave, a pipe copied to a temporary file as it is read, then the reader the kind leads to (the nettrace reader, the
/// gzip expansion before it, the dump header checks). The first input byte says how the rest arrives: odd, through a
/// pipe named as <c>/proc/self/fd/N</c> (what <c>analyze &lt;(zcat t.gz)</c> gives), written by another thread in
/// pieces the second byte sizes; even, as a regular file. Besides a one-line refusal, the invariants are: a pipe's copy
/// holds exactly the bytes written, and the copy is gone once the input is disposed.
/// </summary>
internal static class InputFileTarget
{
    private static readonly string FilePath = Path.Combine(Path.GetTempPath(), $"pooldoctor-fuzz-input-{Environment.ProcessId}.bin");
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(2);
    private const string Expected = "a .nettrace trace (or .nettrace.gz) or a core dump";

    public static void Run(byte[] input)
    {
        var throughPipe = input.Length > 0 && (input[0] & 1) != 0;
        var piece = 1 + (input.Length > 1 ? input[1] : 0) * 64;
        var content = input.AsMemory(Math.Min(2, input.Length));
        if (!throughPipe)
        {
            File.WriteAllBytes(FilePath, content.ToArray());
            Open(FilePath, content, isPipe: false);
            return;
        }
        using var pipe = new AnonymousPipeServerStream(PipeDirection.Out, HandleInheritability.None);
        var readEnd = pipe.ClientSafePipeHandle;
        var writer = Task.Run(() =>
        {
            try
            {
                for (var sent = 0; sent < content.Length; sent += piece)
                {
                    pipe.Write(content.Span.Slice(sent, Math.Min(piece, content.Length - sent)));
                }
            }
            catch (IOException)
            {
                // The reader refused before the end and closed its side: EPIPE.
            }
            finally
            {
                pipe.Dispose();
            }
        });
        try
        {
            Open($"/proc/self/fd/{readEnd.DangerousGetHandle()}", content, isPipe: true);
        }
        finally
        {
            // Our own read end closed too, so a writer blocked on a full pipe gets EPIPE rather than waiting for ever.
            readEnd.Dispose();
        }
        if (!writer.Wait(TimeSpan.FromSeconds(3)))
        {
            throw new FuzzFindingException("the pipe's writer still blocks after the input was opened and closed");
        }
    }

    private static void Open(string path, ReadOnlyMemory<byte> content, bool isPipe)
    {
        OpenedInput opened;
        try
        {
            opened = InputFile.OpenAsync(path, Bound, Expected, CancellationToken.None).GetAwaiter().GetResult();
        }
        catch (InputFileException e)
        {
            FuzzTargets.OneLine(e.Message);
            return;
        }
        string copy;
        using (opened)
        {
            copy = opened.Path;
            if (opened.Kind != InputFile.KindOf(content.Span[..Math.Min(8, content.Length)]))
            {
                throw new FuzzFindingException($"kind {opened.Kind} for bytes that start as {InputFile.KindOf(content.Span[..Math.Min(8, content.Length)])}");
            }
            if (isPipe && !File.ReadAllBytes(copy).AsSpan().SequenceEqual(content.Span))
            {
                throw new FuzzFindingException($"the pipe's copy holds {new FileInfo(copy).Length} bytes, not the {content.Length} written");
            }
            Read(opened);
        }
        if (isPipe && File.Exists(copy))
        {
            throw new FuzzFindingException("the pipe's temporary copy outlived its input");
        }
    }

    /// <summary>What analyze does next with each kind, short of ClrMD (the dump-header target covers its front door).</summary>
    private static void Read(OpenedInput opened)
    {
        if (opened.Kind == InputKind.Elf)
        {
            _ = CoreDumpFile.IsCoreDump(opened.Path);
            _ = CoreDumpFile.DeclaredLength(opened.Path);
            return;
        }
        try
        {
            _ = NettraceStackReader.ReadStacks(opened.Path, firstSamplePerThread: false, requireComplete: false, serving: null, symbols: null);
        }
        catch (NettraceFormatException e)
        {
            FuzzTargets.OneLine(opened.InUserTerms(e.Message));
        }
    }
}
