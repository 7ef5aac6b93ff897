namespace PoolDoctor.Cli;

/// <summary>The process's own console: the only place in the tool, with Program.cs, that names System.Console.</summary>
internal sealed class SystemConsole : IToolConsole
{
    public static SystemConsole Instance { get; } = new();

    private SystemConsole()
    {
    }

    public TextWriter Out => Console.Out;

    public TextWriter Error => Console.Error;

    public bool IsOutputRedirected => Console.IsOutputRedirected;

    public bool IsErrorRedirected => Console.IsErrorRedirected;

    public int Width => TerminalWidth.Of(Environment.GetEnvironmentVariable("COLUMNS"), Console.IsOutputRedirected, WindowWidth);

    public int ErrorWidth => TerminalWidth.Of(Environment.GetEnvironmentVariable("COLUMNS"), Console.IsErrorRedirected, WindowWidth);

    // WindowWidth asks the terminal (TIOCGWINSZ); it throws or answers 0 when there is none behind the handles.
    private static int WindowWidth()
    {
        try
        {
            return Console.WindowWidth;
        }
        catch (IOException)
        {
            return 0;
        }
        catch (PlatformNotSupportedException)
        {
            return 0;
        }
    }
}
