using System.Globalization;
using System.Runtime.InteropServices;
using PoolDoctor.Verbs.Watch;

namespace PoolDoctor.Tests.Verbs.Watch;

public sealed class OwnMemoryTests
{
    private const int ChunkBytes = 4096;
    private const int Chunks = 16_384; // 64 MB

    [Fact]
    public void Trimming_gives_back_the_free_pages_a_burst_of_native_allocations_left_in_a_thread_arena()
    {
        if (!OperatingSystem.IsLinux())
        {
            Assert.False(OwnMemory.TrimNativeHeap());
            return;
        }
        // What a capture leaves: 64 MB malloc'd in small blocks on a pool thread (its own arena), then freed, except
        // for a few blocks still in use that keep the free ones from being the heap's top (which free() returns alone).
        var kept = new List<IntPtr>();
        var burst = new Thread(() =>
        {
            var chunks = new IntPtr[Chunks];
            for (var i = 0; i < Chunks; i++)
            {
                chunks[i] = Marshal.AllocHGlobal(ChunkBytes);
                for (var offset = 0; offset < ChunkBytes; offset += 1024)
                {
                    Marshal.WriteInt64(chunks[i], offset, i);
                }
            }
            for (var i = 0; i < Chunks; i++)
            {
                if (i % 64 == 63)
                {
                    kept.Add(chunks[i]);
                }
                else
                {
                    Marshal.FreeHGlobal(chunks[i]);
                }
            }
        });
        burst.Start();
        burst.Join();
        try
        {
            var before = RssAnonMb();
            Assert.True(OwnMemory.TrimNativeHeap());
            var after = RssAnonMb();
            // About 63 MB are free; a trim that did nothing would give back none of it.
            Assert.True(before - after > 20, $"RssAnon {before:F1} MB before the trim, {after:F1} MB after");
        }
        finally
        {
            kept.ForEach(Marshal.FreeHGlobal);
        }
    }

    private static double RssAnonMb()
    {
        var line = File.ReadLines("/proc/self/status").Single(l => l.StartsWith("RssAnon:", StringComparison.Ordinal));
        return double.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], CultureInfo.InvariantCulture) / 1024;
    }
}
