namespace PoolDoctor.Collect.Attach;

/// <summary>
/// The one reading of a <c>--diagnostic-port</c> value, for every verb that attaches (and for dump and stacks, which
/// must resume a target held at a reverse port): <c>PATH,connect</c> and <c>PATH,listen</c> say it; a bare path that
/// already exists is a target's socket to connect to, a new one a reverse port to listen on. NETCore.Client would take
/// every bare path as <c>,listen</c> and try to bind a target's existing socket.
/// </summary>
public static class DiagnosticPortMode
{
    /// <summary>The port with its mode spelled out, as NETCore.Client's connector takes it.</summary>
    public static string WithMode(string port) =>
        port.Contains(',', StringComparison.Ordinal) ? port : port + (File.Exists(port) ? ",connect" : ",listen");

    /// <summary>
    /// True for a reverse port: the runtime connects to the tool and waits, suspended, until resumed. Read it before
    /// attaching: once the tool listens, its own socket exists at the path.
    /// </summary>
    public static bool IsListen(string port) => WithMode(port).EndsWith(",listen", StringComparison.OrdinalIgnoreCase);
}
