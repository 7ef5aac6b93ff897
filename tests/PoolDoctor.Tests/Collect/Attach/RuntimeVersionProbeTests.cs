using System.Buffers.Binary;
using System.Text;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Tests.Collect.Attach;

public sealed class RuntimeVersionProbeTests
{
    [Fact]
    public void Reads_the_product_version_after_the_four_other_strings()
    {
        var payload = Payload("/app/OldRuntimeLab --urls http://127.0.0.1:5000", "Linux", "x64", "OldRuntimeLab", "8.0.31");
        Assert.Equal(new Version(8, 0, 31), ProcessInfoReply.RuntimeVersion(payload));
    }

    [Theory]
    [InlineData("10.0.0-preview.3.25171.5+0123abc", "10.0.0")]
    [InlineData("9.0.20+a1b2c3", "9.0.20")]
    [InlineData("8.0.31", "8.0.31")]
    public void Prerelease_and_commit_suffixes_are_dropped(string product, string expected) =>
        Assert.Equal(Version.Parse(expected), ProcessInfoReply.ParseVersion(product));

    [Fact]
    public void A_cut_or_garbled_reply_gives_no_version()
    {
        var payload = Payload("cmd", "Linux", "x64", "App", "8.0.31");
        Assert.Null(ProcessInfoReply.RuntimeVersion(payload.AsSpan(0, payload.Length - 6)));
        Assert.Null(ProcessInfoReply.RuntimeVersion(Payload("cmd", "Linux", "x64", "App", "not a version")));
        var huge = Payload("cmd", "Linux", "x64", "App", "8.0.31");
        BinaryPrimitives.WriteUInt32LittleEndian(huge.AsSpan(24), 0x7FFFFFFF);
        Assert.Null(ProcessInfoReply.RuntimeVersion(huge));
    }

    [Fact]
    public void The_request_is_a_bare_ProcessInfo2_header()
    {
        var request = RuntimeVersionProbe.Request();
        Assert.Equal("DOTNET_IPC_V1\0", Encoding.ASCII.GetString(request, 0, 14));
        Assert.Equal(20, BinaryPrimitives.ReadUInt16LittleEndian(request.AsSpan(14)));
        Assert.Equal([0x04, 0x04, 0, 0], request[16..]);
    }

    [Fact]
    public void A_live_runtime_reports_its_own_version()
    {
        // The test host is itself a .NET runtime with a diagnostics socket.
        var socket = DiagnosticSockets.PathOf(Environment.ProcessId);
        Assert.NotNull(socket);
        var version = RuntimeVersionProbe.Ask(socket, TimeSpan.FromSeconds(5));
        Assert.Equal(Environment.Version.Major, version?.Major);
        Assert.Equal(Environment.Version.Minor, version?.Minor);
    }

    [Fact]
    public void No_socket_means_no_version()
    {
        var missing = Path.Combine(Path.GetTempPath(), $"pooldoctor-no-such-socket-{Guid.NewGuid():N}");
        Assert.Null(RuntimeVersionProbe.Ask(missing, TimeSpan.FromSeconds(1)));
    }

    [Fact]
    public void Notes_for_an_old_runtime_name_its_version_and_what_is_lost()
    {
        Assert.Equal(
            "the target runs .NET 8.0.31: wait events need .NET 9+; using sampled stacks only",
            StackSessionStarter.WaitEventsMissing(new Version(8, 0, 31)));
        Assert.StartsWith("the target's runtime is older than .NET 9: no trimmed method rundown", StackSessionStarter.FullRundown(null), StringComparison.Ordinal);
    }

    private static byte[] Payload(params string[] strings)
    {
        using var stream = new MemoryStream();
        using var writer = new BinaryWriter(stream);
        writer.Write((ulong)4242);
        writer.Write(Guid.NewGuid().ToByteArray());
        foreach (var text in strings)
        {
            writer.Write((uint)(text.Length + 1));
            writer.Write(Encoding.Unicode.GetBytes(text + "\0"));
        }
        return stream.ToArray();
    }
}
