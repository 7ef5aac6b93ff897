using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Shared;

/// <summary>The injected console of a verb under test: stdout and stderr in memory, a width and a terminal or not.</summary>
internal sealed class TestConsole(int width = 200, bool terminal = false) : IToolConsole
{
    private readonly StringWriter _out = new();
    private readonly StringWriter _error = new();

    public TextWriter Out => _out;

    public TextWriter Error => _error;

    public bool IsOutputRedirected => !terminal;

    public bool IsErrorRedirected => !terminal;

    public int Width => width;

    public int ErrorWidth => width;

    public string StdOut => _out.ToString();

    public string StdErr => _error.ToString();
}
