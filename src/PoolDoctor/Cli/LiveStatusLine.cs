using System.Globalization;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace PoolDoctor.Cli;

/// <summary>
/// The one-line live view on stderr while a diagnosis runs (elapsed, verdict, key counters), only on a terminal, drawn
/// by Spectre.Console's live display: the line is cut to the terminal's width so it never wraps, lines printed while it
/// shows go above it, and it is erased at the end (no trail).
/// </summary>
internal sealed class LiveStatusLine : IProgress<LiveStatus>
{
    private readonly Lock _gate = new();
    private readonly IAnsiConsole _console;
    private readonly int _width;
    private TaskCompletionSource _stop = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private LiveDisplayContext? _live;
    private Task? _display;

    private LiveStatusLine(IAnsiConsole console, int width)
    {
        _console = console;
        _width = width;
    }

    public static LiveStatusLine? ForTerminal(IToolConsole console) =>
        console.IsErrorRedirected ? null : new LiveStatusLine(TerminalConsole.ForError(console), console.ErrorWidth);

    public static string Format(LiveStatus s) => string.Create(CultureInfo.InvariantCulture,
        $"{s.Seconds,5:0}s  {s.Verdict,-19}  threads {s.Latest.ThreadCount,4:0}  queue {s.Latest.QueueLength,5:0}  completed {s.Latest.CompletedPerSecond,6:0}/s  CPU {s.Latest.CpuPercent,3:0}%  {s.Activity}");

    /// <summary>
    /// The line cut to <paramref name="width"/> less one column (a terminal wraps a line that fills its last column on
    /// some emulators), the cut marked with an ellipsis; trailing blanks of the padded fields dropped.
    /// </summary>
    public static string Fit(string line, int width)
    {
        var room = Math.Max(width - 1, 1);
        line = line.TrimEnd();
        return line.Length <= room ? line : line[..(room - 1)].TrimEnd() + "…";
    }

    public void Report(LiveStatus value)
    {
        var line = Line(Fit(Format(value), _width));
        lock (_gate)
        {
            if (_live is null)
            {
                // StartAsync runs the callback at once, so the context is set before it returns.
                var stop = _stop;
                _display = _console.Live(line).AutoClear(true).Overflow(VerticalOverflow.Crop)
                    .StartAsync(live =>
                    {
                        _live = live;
                        return stop.Task;
                    });
            }
            else
            {
                _live.UpdateTarget(line);
            }
        }
    }

    /// <summary>Prints a whole line above the live line (a launched command's output); the live line stays below it.</summary>
    public void WriteAbove(string line)
    {
        lock (_gate)
        {
            _console.Write(new Text(line + Environment.NewLine));
        }
    }

    /// <summary>Ends the live display and erases its line; the next report draws a new one (compare's next variant).</summary>
    public void Clear()
    {
        Task? display;
        lock (_gate)
        {
            _stop.TrySetResult();
            display = _display;
            _display = null;
            _live = null;
            _stop = new(TaskCreationOptions.RunContinuationsAsynchronously);
        }
        display?.GetAwaiter().GetResult();
    }

    private static IRenderable Line(string text) => new Text(text) { Overflow = Overflow.Crop };
}
