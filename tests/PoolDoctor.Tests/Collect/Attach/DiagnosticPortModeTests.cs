using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Tests.Collect.Attach;

public sealed class DiagnosticPortModeTests
{
    [Theory]
    [InlineData("/tmp/app.sock,connect", "/tmp/app.sock,connect", false)]
    [InlineData("/tmp/app.sock,listen", "/tmp/app.sock,listen", true)]
    [InlineData("/tmp/app.sock,LISTEN", "/tmp/app.sock,LISTEN", true)]
    public void A_spelled_out_mode_is_kept(string port, string withMode, bool listen)
    {
        Assert.Equal(withMode, DiagnosticPortMode.WithMode(port));
        Assert.Equal(listen, DiagnosticPortMode.IsListen(port));
        Assert.Equal(listen, new TargetSpec(null, null, port).IsReversePort);
    }

    [Fact]
    public void A_bare_path_that_exists_is_connected_to_and_a_new_one_listened_on()
    {
        var existing = Path.GetTempFileName();
        var missing = existing + ".none";
        try
        {
            Assert.Equal(existing + ",connect", DiagnosticPortMode.WithMode(existing));
            Assert.False(DiagnosticPortMode.IsListen(existing));
            Assert.Equal(missing + ",listen", DiagnosticPortMode.WithMode(missing));
            Assert.True(DiagnosticPortMode.IsListen(missing));
        }
        finally
        {
            File.Delete(existing);
        }
    }

    [Fact]
    public void A_pid_or_a_name_is_no_reverse_port()
    {
        Assert.False(TargetSpec.ForPid(42).IsReversePort);
        Assert.False(new TargetSpec(null, "app", null).IsReversePort);
    }
}
