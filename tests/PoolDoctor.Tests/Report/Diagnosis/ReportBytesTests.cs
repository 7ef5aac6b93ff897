using System.Diagnostics;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Tests.Report.Diagnosis;

/// <summary>A report is read with a cap and refused by its first byte, before any JSON parser (issue 37: fix /dev/zero).</summary>
public sealed class ReportBytesTests
{
    [Fact]
    public void Dev_zero_is_refused_at_once_without_reading_it_whole()
    {
        var allocated = GC.GetAllocatedBytesForCurrentThread();
        var clock = Stopwatch.StartNew();
        var refusal = Assert.Throws<InvalidDataException>(() => ReportBytes.Read("/dev/zero"));
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(1), $"{clock.Elapsed.TotalMilliseconds:F0} ms");
        Assert.True(GC.GetAllocatedBytesForCurrentThread() - allocated < 1024 * 1024, "read more than its first chunk");
        Assert.Equal("'/dev/zero' is not a report: a report is a JSON object and starts with '{', this starts with byte 0x00", refusal.Message);
    }

    [Fact]
    public void A_json_object_larger_than_the_cap_is_refused_while_reading()
    {
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-big-{Guid.NewGuid():N}.json");
        try
        {
            using (var file = File.Create(path))
            {
                file.Write("{\"pad\":\""u8);
                var chunk = new byte[1 << 20];
                Array.Fill(chunk, (byte)'a');
                for (var i = 0; i <= ReportBytes.MaxBytes / chunk.Length; i++)
                {
                    file.Write(chunk);
                }
            }
            var refusal = Assert.Throws<InvalidDataException>(() => ReportBytes.Read(path));
            Assert.Contains($"'{path}' is not a report: it is larger than 16 MB", refusal.Message, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void A_directory_and_a_missing_file_each_say_which_they_are()
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-reports-").FullName;
        try
        {
            Assert.StartsWith($"'{folder}' is a directory", Assert.Throws<InvalidDataException>(() => ReportBytes.Read(folder)).Message, StringComparison.Ordinal);
            var missing = Path.Combine(folder, "report.json");
            Assert.Equal($"no such report '{missing}'", Assert.Throws<InvalidDataException>(() => ReportBytes.Read(missing)).Message);
        }
        finally
        {
            Directory.Delete(folder);
        }
    }

    [Fact]
    public void A_report_with_a_byte_order_mark_and_leading_blank_lines_is_read_whole()
    {
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-bom-{Guid.NewGuid():N}.json");
        try
        {
            byte[] content = [0xEF, 0xBB, 0xBF, (byte)'\n', (byte)' ', .. "{\"culprits\":[]}"u8];
            File.WriteAllBytes(path, content);
            Assert.Equal(content, ReportBytes.Read(path));
        }
        finally
        {
            File.Delete(path);
        }
    }
}
