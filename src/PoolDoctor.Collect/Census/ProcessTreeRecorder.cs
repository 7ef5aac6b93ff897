using System.Diagnostics;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Collect.Census;

/// <summary>
/// Follows a launched command and every .NET process below it for the whole run: each new process with a diagnostics
/// endpoint gets a census session of its own, to a file in <c>directory</c>, as soon as it is seen (polled every 100 ms).
/// The build's own processes (the dotnet CLI, MSBuild nodes, the compiler server, the test platform's console) are not
/// the code under test and are left alone. <see cref="StopAsync"/> ends every session still open.
/// </summary>
public sealed class ProcessTreeRecorder
{
    private static readonly TimeSpan Poll = TimeSpan.FromMilliseconds(100);

    /// <summary>Build and test-platform tools, by the name `ps` shows: never recorded.</summary>
    private static readonly HashSet<string> Tools = new(StringComparer.OrdinalIgnoreCase)
    {
        "dotnet", "MSBuild", "VBCSCompiler", "vstest.console", "datacollector", "dotnet-pooldoctor",
    };

    private readonly int _root;
    private readonly string _directory;
    private readonly Action<string> _note;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly HashSet<int> _seen = [];
    private readonly List<ProcessRecording> _recordings = [];

    public ProcessTreeRecorder(int root, string directory, Action<string> note)
    {
        _root = root;
        _directory = directory;
        _note = note;
    }

    /// <summary>Follows the tree until <paramref name="until"/> completes (the command's exit) or cancellation.</summary>
    public async Task FollowAsync(Task until, CancellationToken cancellation)
    {
        while (!until.IsCompleted && !cancellation.IsCancellationRequested)
        {
            await LookAsync(cancellation).ConfigureAwait(false);
            await Task.WhenAny(until, Task.Delay(Poll, cancellation)).ConfigureAwait(false);
        }
    }

    private async Task LookAsync(CancellationToken cancellation)
    {
        foreach (var pid in (IEnumerable<int>)[_root, .. ProcFs.Descendants(_root)])
        {
            if (_seen.Contains(pid) || !DiagnosticSockets.IsPublished(pid))
            {
                continue;
            }
            _seen.Add(pid);
            var name = ProcessCatalog.DisplayName(pid);
            if (Tools.Contains(name))
            {
                continue;
            }
            var path = Path.Combine(_directory, $"census-{pid}.nettrace");
            if (await ProcessRecording.StartAsync(pid, path, _clock.Elapsed.TotalSeconds, _note, cancellation).ConfigureAwait(false) is { } recording)
            {
                _recordings.Add(recording);
            }
        }
    }

    /// <summary>Ends every session still open (a process the command left running) and returns every recording.</summary>
    public async Task<IReadOnlyList<CensusTrace>> StopAsync() =>
        await Task.WhenAll(_recordings.Select(r => r.StopAsync())).ConfigureAwait(false);
}
