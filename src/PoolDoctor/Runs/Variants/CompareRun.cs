using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Runs.Variants;

/// <summary>
/// `compare`: each variant loaded in turn. With a running target, every load is watched in that one process; with a
/// command, a fresh process per variant (started, waited for until its URL answers, watched, then stopped with its
/// children), so threads the pool injected for one variant never linger into the next.
/// </summary>
internal static class CompareRun
{
    /// <summary>How long a launched app may take to publish its diagnostics socket, and then to answer its URL.</summary>
    private static readonly TimeSpan StartLimit = TimeSpan.FromSeconds(30);

    public static async Task<CompareResult> RunAsync(CompareOptions request, IProgress<LiveStatus>? status, Action<string> say, CancellationToken cancellation)
    {
        await using var shared = request.Target is null ? null : await AttachedTarget.AttachAsync(request.Target, cancellation);
        var rows = new List<CompareRow>();
        foreach (var variant in request.Variants)
        {
            if (cancellation.IsCancellationRequested)
            {
                return new CompareResult(rows, RunEnd.Interrupted());
            }
            VariantResult result;
            if (request.Command.Count > 0)
            {
                result = await RunFreshAsync(request, variant, status, say, cancellation);
            }
            else
            {
                say($"Loading {variant.Name} ({variant.Url}) for {request.Duration.TotalSeconds:0.#} s with {request.Connections} connections{(shared is null ? "" : $", watching pid {shared.ProcessId}")}");
                result = await VariantRunner.RunAsync(variant, request.Connections, request.Duration, request.Timeout, shared, captureStacks: false, status, cancellation,
                    protocol: request.LoadProtocol, grpcMessage: request.GrpcMessage, thinkTime: request.ThinkTime, request: request.LoadRequest);
            }
            rows.Add(result.Row);
            if (request.Command.Count == 0 && result.Watch is { End: DiagnoseLoopEnd.TargetExited } gone)
            {
                return new CompareResult(rows, RunEnd.Failed($"{gone.EndMessage}; stopping the comparison"));
            }
        }
        return new CompareResult(rows, cancellation.IsCancellationRequested ? RunEnd.Interrupted() : RunEnd.Ok);
    }

    /// <summary>One variant in a process started for it (`fix --verify` runs its two trees this way, capturing stacks after the fix).</summary>
    internal static async Task<VariantResult> RunFreshAsync(
        CompareOptions request, Variant variant, IProgress<LiveStatus>? status, Action<string> say, CancellationToken cancellation, bool captureStacks = false)
    {
        await using var app = LaunchedTarget.Start(request.Command[0], request.Command.Skip(1), request.ChildOutput, request.WorkingDirectory);
        var spec = request.Child is { } child
            ? await app.WaitForChildAsync(child, StartLimit, cancellation)
            : await app.WaitForDiagnosticsAsync(StartLimit, cancellation);
        await UrlReadiness.WaitAsync(variant.Url, StartLimit, app, cancellation, http2: request.LoadProtocol != PoolDoctor.Load.LoadProtocol.Http1);
        await UrlWarmUp.RunAsync(variant.Url, cancellation);
        await using var attached = await AttachedTarget.AttachAsync(spec, cancellation);
        say($"Loading {variant.Name} ({variant.Url}) for {request.Duration.TotalSeconds:0.#} s with {request.Connections} connections, watching pid {attached.ProcessId} (started for this variant)");
        var result = await VariantRunner.RunAsync(variant, request.Connections, request.Duration, request.Timeout, attached, captureStacks, status, cancellation,
                    protocol: request.LoadProtocol, grpcMessage: request.GrpcMessage, thinkTime: request.ThinkTime, request: request.LoadRequest);
        if (app.HasExited)
        {
            await app.DrainAsync();
            throw new RunFailedException($"{variant.Name}: '{app.Name}' exited with code {app.ExitCode} during its load{app.OutputNote}");
        }
        return result;
    }
}
