using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Load;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Runs.Variants;

/// <summary>
/// Loads one variant with the built-in generator while, when a target is attached, a diagnosis watches it for exactly
/// as long as the load runs (peaks, verdict, and stacks if asked). Shared by `compare` and `demo`.
/// </summary>
internal static class VariantRunner
{
    /// <summary>The watch's bound beyond load and drain; it normally ends when the load does.</summary>
    private static readonly TimeSpan WatchSlack = TimeSpan.FromSeconds(10);

    public static async Task<VariantResult> RunAsync(
        Variant variant,
        int connections,
        TimeSpan duration,
        TimeSpan timeout,
        AttachedTarget? target,
        bool captureStacks,
        IProgress<LiveStatus>? status,
        CancellationToken interrupt,
        Action<string>? notice = null,
        LoadProtocol protocol = LoadProtocol.Http1,
        byte[]? grpcMessage = null,
        ThinkTime? thinkTime = null,
        LoadRequest? request = null)
    {
        var options = new LoadOptions
        {
            Url = variant.Url,
            Connections = connections,
            Duration = duration,
            Timeout = timeout,
            Protocol = protocol,
            Method = request?.Method ?? (protocol == LoadProtocol.Grpc ? "POST" : "GET"),
            Headers = request?.Headers ?? [],
            Body = request?.Body ?? [],
            GrpcMessage = grpcMessage ?? [],
            ThinkTime = thinkTime,
        }.Validated();

        using var loadDone = new CancellationTokenSource();
        Task<DiagnoseLoopOutcome>? watch = null;
        if (target is not null)
        {
            var settings = new DiagnoseLoopSettings(duration + timeout + WatchSlack, StopWhenDiagnosed: false, DiagnoseLoopSettings.DefaultStackWindow, captureStacks) { Notice = notice };
            watch = DiagnoseLoop.RunAsync(target, settings, status, loadDone.Token, interrupt);
        }
        LoadSummary summary;
        try
        {
            summary = await LoadRunner.RunAsync(options, progress: null, interrupt);
        }
        catch (LoadOptionsException e)
        {
            throw new UsageException(e.Message);
        }
        catch (LoadFailedException e)
        {
            throw new RunFailedException($"{variant.Name}: {e.Message}", e);
        }
        finally
        {
            await loadDone.CancelAsync();
        }
        var outcome = watch is null ? null : await watch;
        return new VariantResult(Row(variant, summary, outcome), summary, outcome);
    }

    internal static CompareRow Row(Variant variant, LoadSummary load, DiagnoseLoopOutcome? watch) => new(
        variant.Name,
        variant.Url.ToString(),
        load.Rps.Mean,
        load.LatencyMs.Mean,
        load.LatencyMs.P99,
        load.LatencyMs.Max,
        load.Requests,
        load.Errors.Timeout + load.Errors.NonTimeout + load.Status.NonSuccess,
        watch is { Samples.Count: > 0 } w ? w.Samples.Max(s => s.ThreadCount) : null,
        watch is { Samples.Count: > 0 } q ? q.Samples.Max(s => s.QueueLength) : null,
        watch?.Verdict.Kind);
}
