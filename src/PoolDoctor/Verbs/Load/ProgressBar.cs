using System.Globalization;
using PoolDoctor.Cli;
using PoolDoctor.Load;

namespace PoolDoctor.Verbs.Load;

/// <summary>
/// A one-line progress bar on stderr, only when both output streams are a terminal: redirected output
/// (scripts, CI, --format json into a file) gets no control characters at all.
/// </summary>
internal sealed class ProgressBar : IProgress<LoadProgress>, IDisposable
{
    private const int Width = 40;
    private readonly Lock _gate = new();
    private readonly IToolConsole _console;
    private bool _cleared;

    private ProgressBar(IToolConsole console)
    {
        _console = console;
    }

    public static ProgressBar? ForTerminal(IToolConsole console, LoadOptions options)
    {
        if (console.IsOutputRedirected || console.IsErrorRedirected)
        {
            return null;
        }
        console.Error.WriteLine($"Loading {LoadCommandOptions.Describe(options)}");
        return new ProgressBar(console);
    }

    public void Report(LoadProgress value)
    {
        lock (_gate)
        {
            if (_cleared)
            {
                return;
            }
            var filled = (int)Math.Round(value.Fraction * Width);
            var line = string.Create(CultureInfo.InvariantCulture,
                $"\r{value.Elapsed.TotalSeconds,6:0.0}s [{new string('=', filled)}{new string(' ', Width - filled)}] {value.Fraction * 100,6:0.00}%  {value.Responses} responses, {value.Errors} errors");
            _console.Error.Write(line);
        }
    }

    public void Clear()
    {
        lock (_gate)
        {
            if (!_cleared)
            {
                _console.Error.Write("\r\u001b[2K");
                _cleared = true;
            }
        }
    }

    public void Dispose() => Clear();
}
