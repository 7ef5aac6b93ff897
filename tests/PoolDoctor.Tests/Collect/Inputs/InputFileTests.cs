using System.Diagnostics;
using PoolDoctor.Collect.Inputs;

namespace PoolDoctor.Tests.Collect.Inputs;

/// <summary>An input is opened once and told by its first bytes; a pipe is copied as it is read (issue 37).</summary>
public sealed class InputFileTests
{
    private const string Expected = "a trace or a dump";

    [Theory]
    [InlineData(new byte[] { (byte)'N', (byte)'e', (byte)'t', (byte)'t', (byte)'r', (byte)'a', (byte)'c', (byte)'e', 0 }, InputKind.Nettrace)]
    [InlineData(new byte[] { 0x1F, 0x8B, 8, 0 }, InputKind.Gzip)]
    [InlineData(new byte[] { 0x7F, (byte)'E', (byte)'L', (byte)'F', 2, 1 }, InputKind.Elf)]
    [InlineData(new byte[] { 0, 0, 0, 0 }, InputKind.Other)]
    [InlineData(new byte[] { (byte)'N', (byte)'e', (byte)'t' }, InputKind.Other)]
    public void The_kind_is_read_from_the_first_bytes(byte[] head, InputKind kind) => Assert.Equal(kind, InputFile.KindOf(head));

    [Fact]
    public async Task A_directory_is_named_as_one()
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-input-").FullName;
        try
        {
            var refusal = await Assert.ThrowsAsync<InputFileException>(() => InputFile.OpenAsync(folder, TimeSpan.FromSeconds(1), Expected, CancellationToken.None));
            Assert.Equal($"'{folder}' is a directory; give {Expected}", refusal.Message);
        }
        finally
        {
            Directory.Delete(folder);
        }
    }

    [Fact]
    public async Task A_regular_file_is_used_in_place()
    {
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-input-{Guid.NewGuid():N}.nettrace");
        await File.WriteAllBytesAsync(path, "Nettrace\0\0\0\0"u8.ToArray());
        try
        {
            using var input = await InputFile.OpenAsync(path, TimeSpan.FromSeconds(1), Expected, CancellationToken.None);
            Assert.Equal(InputKind.Nettrace, input.Kind);
            Assert.Equal(path, input.Path);
            Assert.False(input.IsCopy);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task A_named_pipe_is_copied_whole_as_it_is_read_and_the_copy_is_deleted_after()
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-input-").FullName;
        var fifo = Path.Combine(folder, "trace");
        try
        {
            MakeFifo(fifo);
            byte[] content = [.. "Nettrace"u8, .. Enumerable.Range(0, 200_000).Select(i => (byte)i)];
            var writer = Task.Run(() => File.WriteAllBytes(fifo, content));
            string copy;
            using (var input = await InputFile.OpenAsync(fifo, TimeSpan.FromSeconds(10), Expected, CancellationToken.None))
            {
                Assert.Equal(InputKind.Nettrace, input.Kind);
                Assert.True(input.IsCopy);
                copy = input.Path;
                Assert.Equal(content, await File.ReadAllBytesAsync(copy));
                Assert.Equal($"'{fifo}' is cut", input.InUserTerms($"'{copy}' is cut"));
            }
            await writer;
            Assert.False(File.Exists(copy));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task A_named_pipe_without_a_writer_ends_after_the_bound_and_at_once_on_cancellation()
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-input-").FullName;
        var fifo = Path.Combine(folder, "trace");
        try
        {
            MakeFifo(fifo);
            var clock = Stopwatch.StartNew();
            var refusal = await Assert.ThrowsAsync<InputFileException>(() => InputFile.OpenAsync(fifo, TimeSpan.FromMilliseconds(300), Expected, CancellationToken.None));
            Assert.StartsWith($"'{fifo}' was not opened in 0.3 s: a named pipe (FIFO)", refusal.Message, StringComparison.Ordinal);
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(2), $"{clock.Elapsed.TotalSeconds:F1} s");

            using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
            clock.Restart();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => InputFile.OpenAsync(fifo, TimeSpan.FromMinutes(1), Expected, cancel.Token));
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(2), $"{clock.Elapsed.TotalSeconds:F1} s");
        }
        finally
        {
            // The abandoned open()s still wait for a writer: one writer's open releases them all, so their threads end.
            await Task.Run(() => File.WriteAllBytes(fifo, [])).WaitAsync(TimeSpan.FromSeconds(2)).ContinueWith(_ => { }, TaskScheduler.Default);
            Directory.Delete(folder, recursive: true);
        }
    }

    private static void MakeFifo(string path)
    {
        using var make = Process.Start("mkfifo", [path]);
        make.WaitForExit();
        Assert.Equal(0, make.ExitCode);
    }
}
