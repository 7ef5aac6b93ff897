using System.Globalization;

namespace PoolDoctor.Cli.Doctor;

/// <summary>
/// The one-line live view on stderr while a diagnosis runs (elapsed, verdict, key counters), only on a terminal:
/// redirected output gets no carriage returns.
/// </summary>
internal sealed class LiveStatusLine : IProgress<LiveStatus>
{
    private readonly Lock _gate = new();
    private int _width;

    private LiveStatusLine()
    {
    }

    public static LiveStatusLine? ForTerminal() => Console.IsErrorRedirected ? null : new LiveStatusLine();

    public static string Format(LiveStatus s) => string.Create(CultureInfo.InvariantCulture,
        $"{s.Seconds,5:0}s  {s.Verdict,-19}  threads {s.Latest.ThreadCount,4:0}  queue {s.Latest.QueueLength,5:0}  completed {s.Latest.CompletedPerSecond,6:0}/s  CPU {s.Latest.CpuPercent,3:0}%  {s.Activity}");

    public void Report(LiveStatus value)
    {
        lock (_gate)
        {
            var line = Format(value);
            Console.Error.Write("\r" + line.PadRight(_width));
            _width = line.Length;
        }
    }

    /// <summary>Prints a whole line above the live line (a launched command's output); the next report redraws it.</summary>
    public void WriteAbove(string line)
    {
        lock (_gate)
        {
            Console.Error.Write("\r" + line.PadRight(_width) + Environment.NewLine);
            _width = 0;
        }
    }

    public void Clear()
    {
        lock (_gate)
        {
            if (_width > 0)
            {
                Console.Error.Write("\r" + new string(' ', _width) + "\r");
                _width = 0;
            }
        }
    }
}
