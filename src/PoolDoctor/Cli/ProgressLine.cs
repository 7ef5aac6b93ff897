using System.Diagnostics;
using System.Globalization;

namespace PoolDoctor.Cli;

/// <summary>
/// A progress line on stderr while a long step runs that reports nothing itself (the runtime writing a dump, ClrMD
/// reading one): the step's name, the file's size so far and the seconds elapsed. On a terminal it is one line redrawn
/// in place and erased at the end; redirected (CI logs) it is a plain line every <see cref="LogEvery"/>, so a short
/// step prints nothing and a step of minutes still shows it is alive.
/// </summary>
internal sealed class ProgressLine : IAsyncDisposable
{
    public static readonly TimeSpan LogEvery = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan RedrawEvery = TimeSpan.FromMilliseconds(500);

    private readonly CancellationTokenSource _stop = new();
    private readonly Task _loop;
    private readonly TextWriter _error;
    private readonly bool _terminal;
    private int _width;

    private ProgressLine(string activity, Func<long?> bytes, TextWriter error, bool terminal, TimeSpan? every)
    {
        _error = error;
        _terminal = terminal;
        _loop = RunAsync(activity, bytes, every ?? (terminal ? RedrawEvery : LogEvery));
    }

    /// <param name="bytes">The size so far (a dump being written, a file being read); null when it cannot be read yet.</param>
    public static ProgressLine Start(IToolConsole console, string activity, Func<long?> bytes) =>
        new(activity, bytes, console.Error, !console.IsErrorRedirected, null);

    /// <summary>For tests: a writer and a pace of their own.</summary>
    internal static ProgressLine Start(string activity, Func<long?> bytes, TextWriter error, bool terminal, TimeSpan every) =>
        new(activity, bytes, error, terminal, every);

    public static string Format(string activity, long? bytes, TimeSpan elapsed) =>
        bytes is { } b
            ? string.Create(CultureInfo.InvariantCulture, $"{activity}: {b / (1024.0 * 1024.0):F1} MB, {elapsed.TotalSeconds:F0} s")
            : string.Create(CultureInfo.InvariantCulture, $"{activity}: {elapsed.TotalSeconds:F0} s");

    private async Task RunAsync(string activity, Func<long?> bytes, TimeSpan every)
    {
        var clock = Stopwatch.StartNew();
        using var timer = new PeriodicTimer(every);
        try
        {
            while (await timer.WaitForNextTickAsync(_stop.Token))
            {
                var line = Format(activity, Probe(bytes), clock.Elapsed);
                if (_terminal)
                {
                    _error.Write("\r" + line.PadRight(_width));
                    _width = line.Length;
                }
                else
                {
                    _error.WriteLine($"{CliApp.ToolName}: {line}");
                }
            }
        }
        catch (OperationCanceledException)
        {
        }
    }

    private static long? Probe(Func<long?> bytes)
    {
        try
        {
            return bytes();
        }
        catch (IOException)
        {
            return null;
        }
    }

    /// <summary>A file's size, or null while it does not exist.</summary>
    public static Func<long?> FileSize(string path) => () => File.Exists(path) ? new FileInfo(path).Length : null;

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _loop;
        if (_terminal && _width > 0)
        {
            _error.Write("\r" + new string(' ', _width) + "\r");
        }
        _stop.Dispose();
    }
}
