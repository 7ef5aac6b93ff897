using System.Diagnostics;
using System.Text;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// A server the tests start as its own process: it is ready once it prints its ready line, its output is kept for
/// failure messages, and it is always killed (with its children) on dispose.
/// </summary>
public sealed class ListeningChild : IAsyncDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private ListeningChild(Process process) => _process = process;

    public int ProcessId => _process.Id;

    public bool HasExited => _process.HasExited;

    public string Output { get { lock (_output) { return _output.ToString(); } } }

    /// <summary>Starts the process and waits up to 30 s for a stdout line starting with <paramref name="readyPrefix"/>.</summary>
    /// <returns>The child and its ready line.</returns>
    public static async Task<(ListeningChild Child, string ReadyLine)> StartAsync(ProcessStartInfo info, string readyPrefix, string whenNotReady)
    {
        info.RedirectStandardOutput = true;
        info.RedirectStandardError = true;
        info.UseShellExecute = false;
        var process = Process.Start(info)!;
        var child = new ListeningChild(process);
        var ready = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                return;
            }
            child.Keep(e.Data);
            if (e.Data.StartsWith(readyPrefix, StringComparison.Ordinal))
            {
                ready.TrySetResult(e.Data);
            }
        };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { child.Keep(e.Data); } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var finished = await Task.WhenAny(ready.Task, process.WaitForExitAsync(), Task.Delay(TimeSpan.FromSeconds(30)));
        if (finished != ready.Task)
        {
            await child.DisposeAsync();
            throw new InvalidOperationException($"{whenNotReady}:\n{child.Output}");
        }
        return (child, await ready.Task);
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }
        _process.Dispose();
    }

    private void Keep(string line)
    {
        lock (_output)
        {
            _output.AppendLine(line);
        }
    }
}
