using System.Globalization;
using PoolDoctor.Load;

namespace PoolDoctor.Cli.Commands;

/// <summary>
/// A one-line progress bar on stderr, only when both output streams are a terminal: redirected output
/// (scripts, CI, --format json into a file) gets no control characters at all.
/// </summary>
internal sealed class ProgressBar : IProgress<LoadProgress>, IDisposable
{
    private const int Width = 40;
    private readonly Lock _gate = new();
    private bool _cleared;

    private ProgressBar()
    {
    }

    public static ProgressBar? ForTerminal(LoadOptions options)
    {
        if (Console.IsOutputRedirected || Console.IsErrorRedirected)
        {
            return null;
        }
        Console.Error.WriteLine($"Loading {LoadCommandOptions.Describe(options)}");
        return new ProgressBar();
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
            Console.Error.Write(line);
        }
    }

    public void Clear()
    {
        lock (_gate)
        {
            if (!_cleared)
            {
                Console.Error.Write("\r\u001b[2K");
                _cleared = true;
            }
        }
    }

    public void Dispose() => Clear();
}
