using System.Diagnostics;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Runs;

/// <summary>
/// A target the doctor starts itself (`diagnose -- COMMAND ARGS...`, the demo's lab): started with diagnostics
/// enabled, its output kept (the last lines explain an early exit), ready once its diagnostics socket is published,
/// and killed with its children on dispose, whatever happened in between.
/// </summary>
internal sealed class LaunchedTarget : IAsyncDisposable
{
    private const int KeptLines = 20;
    private readonly Process _process;
    private readonly Queue<string> _lastLines = new();
    private readonly Action<string>? _echo;
    private readonly Stopwatch _sinceStart = Stopwatch.StartNew();
    private long _ranForTicks = -1;

    private LaunchedTarget(Process process, string name, Action<string>? echo)
    {
        _process = process;
        Name = name;
        _echo = echo;
    }

    public int ProcessId => _process.Id;

    /// <summary>The command's program as the user typed it, file name only (`bash`, `dotnet`): how messages name it.</summary>
    public string Name { get; }

    /// <summary>How long it ran: until its exit once it has exited, else until now.</summary>
    public TimeSpan Age => Volatile.Read(ref _ranForTicks) is var ticks and >= 0 ? TimeSpan.FromTicks(ticks) : _sinceStart.Elapsed;

    public bool HasExited => _process.HasExited;

    /// <summary>
    /// Whether it has exited, or exits within <paramref name="grace"/>: an attach that failed because the process was
    /// going away sees the failure a moment before the exit is reaped.
    /// </summary>
    public async Task<bool> EndsWithinAsync(TimeSpan grace)
    {
        if (_process.HasExited)
        {
            return true;
        }
        using var timeout = new CancellationTokenSource(grace);
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    public string LastOutput { get { lock (_lastLines) { return string.Join(" | ", _lastLines.Select(l => l.Trim())); } } }

    /// <summary>The last lines it printed (stack frames left out), each as printed: what a failed command shows.</summary>
    public IReadOnlyList<string> LastLines { get { lock (_lastLines) { return [.. _lastLines]; } } }

    /// <summary>Its exit code once it has exited by itself or been killed; null while it runs.</summary>
    public int? ExitCode => _process.HasExited ? _process.ExitCode : null;

    /// <summary>Raised for each line the target prints (the demo reads the lab's "listening on" line).</summary>
    public event Action<string>? Line;

    /// <param name="echo">Given every line the command prints (stdout and stderr), as it prints it: `--show-child-io`.</param>
    /// <param name="workingDirectory">Where the command runs (`fix --verify`: the copied project's folder); null: the tool's own.</param>
    public static LaunchedTarget Start(string fileName, IEnumerable<string> arguments, Action<string>? echo = null, string? workingDirectory = null)
    {
        var info = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory ?? "",
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }
        info.Environment["DOTNET_EnableDiagnostics"] = "1";
        Process process;
        try
        {
            process = Process.Start(info) ?? throw new RunFailedException($"could not start '{fileName}'");
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            throw new RunFailedException($"could not start '{fileName}': {e.Message}", e);
        }
        var launched = new LaunchedTarget(process, Path.GetFileName(fileName), echo);
        process.EnableRaisingEvents = true;
        process.Exited += (_, _) => Volatile.Write(ref launched._ranForTicks, launched._sinceStart.Elapsed.Ticks);
        process.OutputDataReceived += (_, e) => launched.Keep(e.Data);
        process.ErrorDataReceived += (_, e) => launched.Keep(e.Data);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        process.StandardInput.Close();
        return launched;
    }

    /// <summary>Waits until the runtime publishes its diagnostics socket, so attaching works at once.</summary>
    public async Task<TargetSpec> WaitForDiagnosticsAsync(TimeSpan limit, CancellationToken cancellation)
    {
        var clock = Stopwatch.StartNew();
        while (true)
        {
            cancellation.ThrowIfCancellationRequested();
            if (_process.HasExited)
            {
                await DrainAsync();
                throw new RunFailedException(EndedBeforeWatched());
            }
            try
            {
                ProcessCatalog.ResolvePid(_process.Id);
                return TargetSpec.ForPid(_process.Id);
            }
            catch (AttachException) when (clock.Elapsed < limit)
            {
            }
            catch (AttachException e)
            {
                throw new RunFailedException($"process {_process.Id} published no diagnostics endpoint within {limit.TotalSeconds:0} s ({e.Message})", e);
            }
            await Task.Delay(100, cancellation);
        }
    }

    /// <summary>
    /// Waits until a process below the launched command whose name matches <paramref name="pattern"/> publishes its
    /// diagnostics socket (`dotnet test` starts the tests in a `testhost` grandchild, not in the process it launched).
    /// </summary>
    public async Task<TargetSpec> WaitForChildAsync(string pattern, TimeSpan limit, CancellationToken cancellation)
    {
        var clock = Stopwatch.StartNew();
        while (true)
        {
            cancellation.ThrowIfCancellationRequested();
            if (ProcessCatalog.FindDescendant(_process.Id, pattern) is { } child)
            {
                return TargetSpec.ForPid(child.ProcessId);
            }
            if (_process.HasExited)
            {
                await DrainAsync();
                throw new RunFailedException($"'{Name}' exited with code {_process.ExitCode} before a process named '{pattern}' started{OutputNote}");
            }
            if (clock.Elapsed >= limit)
            {
                throw new RunFailedException($"no process named '{pattern}' with a diagnostics endpoint started under the command within {limit.TotalSeconds:0} s: {LastOutput}");
            }
            await Task.Delay(100, cancellation);
        }
    }

    /// <summary>
    /// Why a command that exited was never watched. A launcher (a script that starts the app in the background, a
    /// wrapper that execs a non-.NET program) exits 0 or never publishes a diagnostics endpoint: it is named as such,
    /// never diagnosed in the app's place.
    /// </summary>
    internal string EndedBeforeWatched() => _process.ExitCode == 0
        ? $"'{Name}' exited with code 0 before it could be watched: it is a launcher, not the app; name the process it starts with --child NAME{OutputNote}"
        : $"'{Name}' exited with code {_process.ExitCode} before it could be watched{OutputNote}";

    /// <summary>Where the command's own words are: streamed above (--show-child-io), or its last lines, in the order printed.</summary>
    internal string OutputNote => _echo is not null
        ? " (its output is above)"
        : LastLines.Count == 0 ? " (it printed nothing)" : $": {LastOutput}";

    /// <summary>
    /// Once the command has exited, waits briefly until the last lines it printed have been read: the exit is seen
    /// before the pipes are drained, and those lines say why it exited. Bounded, since a grandchild it left running may
    /// hold the pipes open.
    /// </summary>
    public async Task DrainAsync()
    {
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(2));
        try
        {
            // With redirected output read asynchronously, WaitForExitAsync also waits for both streams' end.
            await _process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
        }
    }

    /// <summary>Waits for the command to end by itself (a test run) and returns its exit code.</summary>
    public async Task<int> WaitForExitAsync(CancellationToken cancellation)
    {
        await _process.WaitForExitAsync(cancellation);
        return _process.ExitCode;
    }

    private void Keep(string? line)
    {
        if (line is null)
        {
            return;
        }
        _echo?.Invoke(line);
        // An app that dies prints its exception's stack; the message says why, the frames would only push it out.
        if (!IsStackFrame(line))
        {
            lock (_lastLines)
            {
                _lastLines.Enqueue(line.TrimEnd());
                while (_lastLines.Count > KeptLines)
                {
                    _lastLines.Dequeue();
                }
            }
        }
        Line?.Invoke(line);
    }

    internal static bool IsStackFrame(string line)
    {
        var text = line.TrimStart();
        return text.Length < line.Length
            && (text.StartsWith("at ", StringComparison.Ordinal) || text.StartsWith("--- End of", StringComparison.Ordinal));
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
                using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(10));
                await _process.WaitForExitAsync(limit.Token);
            }
        }
        catch (Exception e) when (e is InvalidOperationException or OperationCanceledException or System.ComponentModel.Win32Exception)
        {
            // Already gone, or refused to die within the limit: nothing more a CLI can do.
        }
        _process.Dispose();
    }
}
