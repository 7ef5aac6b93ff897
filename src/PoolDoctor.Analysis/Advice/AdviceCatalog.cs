using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// The code change for each blocking kind, written around the culprit's own method and blocking API so the
/// snippet reads like the user's code, not like a textbook.
/// </summary>
internal static partial class AdviceCatalog
{
    public static CulpritAdvice For(Culprit culprit) =>
        culprit.Package is not null ? InsidePackage(culprit, Evidence(culprit))
        : culprit.ApiTwin is { CallableTwin: null } && culprit.Kind is BlockingKind.SyncIO or BlockingKind.SyncWait ? NoAsyncTwin(culprit, Evidence(culprit))
        : WithUsersCode(Pattern(culprit), culprit);

    /// <summary>The user's own lines and their rewrite when the source was read; otherwise the pattern, said to be one.</summary>
    private static CulpritAdvice WithUsersCode(CulpritAdvice pattern, Culprit c)
    {
        if (c.Excerpt is not { } excerpt)
        {
            var why = c.Site.File is null
                ? "no PDB line for the call"
                : $"the source of {c.Site.File} is neither on this machine nor embedded in the PDB";
            return pattern with { Code = AdviceCode.Pattern, CodeNote = $"a pattern of the fix written with {MethodNames.Short(c.Method)}'s name, not your code ({why})" };
        }
        var rewritten = CodeRewrite.Rewrite(excerpt, c.Kind, c.Api, MethodNames.Short(c.Method), MethodNames.Type(c.Method));
        var at = $"{Path.GetFileName(excerpt.File)}:{excerpt.CallLine}";
        if (rewritten is not null)
        {
            return pattern with
            {
                Before = string.Join("\n", rewritten.Before),
                After = string.Join("\n", rewritten.After),
                Code = AdviceCode.Source,
                SourceFile = excerpt.File,
                CodeNote = $"your code at {at} and the same lines rewritten",
            };
        }
        var start = Math.Max(0, excerpt.CallLine - excerpt.FirstLine - 2);
        var lines = excerpt.Lines.Skip(start).Take(4).Select((l, i) => $"{excerpt.FirstLine + start + i,4} | {l}");
        return pattern with
        {
            Before = string.Join("\n", lines),
            Code = AdviceCode.SourceBefore,
            SourceFile = excerpt.File,
            CodeNote = $"before: your code at {at}; after: a pattern of the fix (this call has no mechanical rewrite)",
        };
    }

    private static CulpritAdvice Pattern(Culprit culprit)
    {
        var name = MethodNames.Short(culprit.Method);
        var evidence = Evidence(culprit);
        return culprit.Kind switch
        {
            BlockingKind.SyncOverAsync => SyncOverAsync(culprit, name, evidence),
            BlockingKind.Sleep => Sleep(culprit, name, evidence),
            BlockingKind.SyncIO => culprit.InTaskRun ? TaskRunWrapper(culprit, name, evidence) : SyncIO(culprit, name, evidence),
            BlockingKind.Lock => Lock(culprit, name, evidence),
            // A package's sync API that blocks on a wait inside it, and whose type declares an async twin: call the twin.
            BlockingKind.SyncWait when culprit.ApiTwin is { CallableTwin: not null } => SyncIO(culprit, name, evidence),
            BlockingKind.SyncWait => SyncWait(culprit, name, evidence),
            _ => throw new ArgumentOutOfRangeException(nameof(culprit), culprit.Kind, "unknown blocking kind"),
        };
    }

    private static CulpritAdvice SyncOverAsync(Culprit c, string name, IReadOnlyList<AdviceEvidence> evidence)
    {
        // The same call shape as the culprit's API, so the reader recognises the line to change.
        var (blocking, awaited, result) = c.Api switch
        {
            var a when a.Contains("GetResult", StringComparison.Ordinal) =>
                ("var customer = QueryCustomerAsync().GetAwaiter().GetResult();", "var customer = await QueryCustomerAsync();", "customer"),
            var a when a.Contains("Wait", StringComparison.Ordinal) =>
                ("SaveAsync().Wait();", "await SaveAsync();", "\"done\""),
            _ => ("var customer = QueryCustomerAsync().Result;", "var customer = await QueryCustomerAsync();", "customer"),
        };
        return new CulpritAdvice(c.Method, c.Kind, c.Api,
            "Await the async API, and make every caller async all the way up",
            $"{c.DisplayName} blocks a pool thread on {c.Api} until the task completes; the task's own continuation needs a pool thread too, "
            + "so under load the pool runs out and every request waits for the slow thread injection. Awaiting returns the thread "
            + $"to the pool for the whole wait. Blocking anywhere up the call chain undoes it, so {CallersOf(c)} must become async and await too.",
            evidence,
            $"public string {name}()\n{{\n    {blocking}\n    return {result};\n}}",
            $"public async Task<string> {name}()\n{{\n    {awaited}\n    return {result};\n}}");
    }

    private static CulpritAdvice Sleep(Culprit c, string name, IReadOnlyList<AdviceEvidence> evidence) =>
        new(c.Method, c.Kind, c.Api,
            "Use await Task.Delay instead of Thread.Sleep",
            $"{c.DisplayName} parks a pool thread in {c.Api}. Thread.Sleep holds the thread for the whole pause; await Task.Delay "
            + "gives it back and resumes on a timer. If the sleep polls a task until it completes "
            + "(while (!task.IsCompleted) Thread.Sleep(...)), await the task itself instead.",
            evidence,
            $"public string {name}()\n{{\n    Thread.Sleep(500);\n    return \"done\";\n}}",
            $"public async Task<string> {name}(CancellationToken cancellationToken)\n{{\n    await Task.Delay(500, cancellationToken);\n    return \"done\";\n}}");

    private static CulpritAdvice SyncIO(Culprit c, string name, IReadOnlyList<AdviceEvidence> evidence)
    {
        var (receiver, member) = SplitApi(c.Api);
        var args = ArgumentsFor(member);
        var asyncSignature = IsAsyncMethod(c);
        var explanation = $"{c.DisplayName} waits for I/O synchronously in {c.Api}, holding a pool thread for the whole round trip. "
            + $"Use the driver's async API ({member}Async) and await it: the thread goes back to the pool while the I/O is in flight."
            + (c.ApiTwin is { Twin: not null } ? $" ({member}Async is declared by {c.ApiTwin.Api}'s type.)" : " (Not checked against the type's metadata: its assembly was not on this machine.)");
        if (asyncSignature)
        {
            explanation += $" {name} is already an async method, so its signature promises what its body does not keep.";
        }
        return new CulpritAdvice(c.Method, c.Kind, c.Api,
            $"Call the driver's async API: await {member}Async",
            explanation,
            evidence,
            (asyncSignature ? $"public async Task<string> {name}()" : $"public string {name}()")
                + $"\n{{\n    {receiver}.{member}({args.Sync});\n    return \"done\";\n}}",
            $"public async Task<string> {name}(CancellationToken cancellationToken)\n{{\n    await {receiver}.{member}Async({args.Async});\n    return \"done\";\n}}");
    }

    private static CulpritAdvice TaskRunWrapper(Culprit c, string name, IReadOnlyList<AdviceEvidence> evidence)
    {
        var (receiver, member) = SplitApi(c.Api);
        var args = ArgumentsFor(member);
        return new CulpritAdvice(c.Method, c.Kind, c.Api,
            $"Drop the Task.Run wrapper and await {member}Async",
            $"{TaskRunLambda(c)} wraps the synchronous {c.Api} (called in {c.DisplayName}) in Task.Run. That only moves the block to another pool thread: the request "
            + "still holds one thread for the whole call, plus the scheduling. Await the driver's async API directly.",
            evidence,
            $"public async Task<string> {name}()\n{{\n    await Task.Run(() => {receiver}.{member}({args.Sync}));\n    return \"done\";\n}}",
            $"public async Task<string> {name}(CancellationToken cancellationToken)\n{{\n    await {receiver}.{member}Async({args.Async});\n    return \"done\";\n}}");
    }

    private static CulpritAdvice Lock(Culprit c, string name, IReadOnlyList<AdviceEvidence> evidence) =>
        c.Api.StartsWith("Lazy", StringComparison.Ordinal) ? LazyValue(c, name, evidence) : new(c.Method, c.Kind, c.Api,
            c.HeldAcross is { } held
                ? $"Do not block while holding a lock: {held} runs inside it; use SemaphoreSlim.WaitAsync as an async lock"
                : "Do not block inside a lock: shorten the critical section, or use SemaphoreSlim.WaitAsync as an async lock",
            (c.HeldAcross is { } heldApi
                ? $"{c.DisplayName} holds its lock across {heldApi}: while the holder blocks, every other request waits in {c.Api} and each waiter holds a pool thread (a convoy); "
                    + "the holder's thread and the waiters' are one finding. "
                : $"{c.DisplayName} waits in {c.Api}: requests queue behind one lock holder and each waiter holds a pool thread (a convoy). ")
            + "Keep slow work out of the lock; when the section must await, guard it with a SemaphoreSlim(1, 1) taken with WaitAsync.",
            evidence,
            $"private static readonly object Gate = new();\n\npublic string {name}()\n{{\n    lock (Gate)\n    {{\n        DoSlowWork();\n    }}\n    return \"done\";\n}}",
            $"private static readonly SemaphoreSlim Gate = new(1, 1);\n\npublic async Task<string> {name}(CancellationToken cancellationToken)\n{{\n    await Gate.WaitAsync(cancellationToken);\n    try\n    {{\n        await DoSlowWorkAsync(cancellationToken);\n    }}\n    finally\n    {{\n        Gate.Release();\n    }}\n    return \"done\";\n}}");

    // Lazy<T>.Value's default mode runs the factory under a lock: one slow factory parks every concurrent caller.
    private static CulpritAdvice LazyValue(Culprit c, string name, IReadOnlyList<AdviceEvidence> evidence) =>
        new(c.Method, c.Kind, c.Api,
            "Do not make callers wait for a slow Lazy<T> factory: build the value at startup, or cache a Task and await it",
            $"{c.DisplayName} reads {c.Api} while another thread runs the Lazy's factory; the default thread-safety mode makes every "
            + "concurrent caller wait on its lock, each holding a pool thread, for as long as the factory takes (a factory that blocks on "
            + "I/O or a task makes it worse). Create the value before traffic arrives (at startup or in a hosted service), or keep a "
            + "Lazy<Task<T>> whose factory is async and await its Value, so waiters hold no thread.",
            evidence,
            $"private readonly Lazy<Catalog> _catalog = new(() => LoadCatalog());\n\npublic Catalog {name}()\n{{\n    return _catalog.Value;\n}}",
            $"private readonly Lazy<Task<Catalog>> _catalog = new(() => LoadCatalogAsync());\n\npublic async Task<Catalog> {name}()\n{{\n    return await _catalog.Value;\n}}");

    private static CulpritAdvice SyncWait(Culprit c, string name, IReadOnlyList<AdviceEvidence> evidence)
    {
        var isSemaphore = c.Api.Contains("Semaphore", StringComparison.Ordinal);
        return new CulpritAdvice(c.Method, c.Kind, c.Api,
            isSemaphore ? "Take the semaphore with await SemaphoreSlim.WaitAsync" : "Wait asynchronously: await a task instead of blocking on a wait handle",
            $"{c.DisplayName} blocks a pool thread in {c.Api} until another thread signals. "
            + (isSemaphore
                ? "SemaphoreSlim.WaitAsync queues the request without holding a thread while it waits for a slot. "
                : "Signal through a TaskCompletionSource or a Channel (or SemaphoreSlim.WaitAsync) and await it, so no thread is held while waiting. ")
            + "The real limit is the capacity of what the threads wait for (the slots, the worker behind the queue): more pool threads "
            + "only add waiters, so size that bottleneck for the load, and make its callers await it.",
            evidence,
            isSemaphore
                ? $"public string {name}()\n{{\n    Slots.Wait();\n    try {{ DoWork(); }}\n    finally {{ Slots.Release(); }}\n    return \"done\";\n}}"
                : $"public string {name}()\n{{\n    _ready.WaitOne();\n    return \"done\";\n}}",
            isSemaphore
                ? $"public async Task<string> {name}(CancellationToken cancellationToken)\n{{\n    await Slots.WaitAsync(cancellationToken);\n    try {{ await DoWorkAsync(cancellationToken); }}\n    finally {{ Slots.Release(); }}\n    return \"done\";\n}}"
                : $"// _ready is a TaskCompletionSource, set where the event used to be set\npublic async Task<string> {name}()\n{{\n    await _ready.Task;\n    return \"done\";\n}}");
    }

    // The observations behind the fix, as figures and names: Report's AdviceEvidenceText says them.
    private static IReadOnlyList<AdviceEvidence> Evidence(Culprit c)
    {
        var items = new List<AdviceEvidence>
        {
            new(AdviceEvidenceKind.BlockedThreads) { Threads = c.Threads, Api = c.ApiText, Method = c.DisplayName, Share = c.Share },
        };
        if (c.Entry is not null)
        {
            items.Add(new(AdviceEvidenceKind.Entry) { Entry = c.Entry });
        }
        if (c.Site.Note is not null)
        {
            items.Add(new(AdviceEvidenceKind.CallSite) { Note = c.Site.Note });
        }
        if (c.WaitMs > 0)
        {
            items.Add(new(AdviceEvidenceKind.WaitEvents) { WaitMs = c.WaitMs });
        }
        if (c.ExampleStack.Count > 0)
        {
            items.Add(new(AdviceEvidenceKind.ExampleStack) { Frames = [.. c.ExampleStack.Take(4)] });
        }
        return items;
    }

    private static string TaskRunLambda(Culprit c) => c.Chain.Count > 0 ? c.Chain[0].Method : c.DisplayName;

    private static bool IsAsyncMethod(Culprit c) =>
        c.Flavor is FrameFlavor.Async or FrameFlavor.AsyncLambda or FrameFlavor.AsyncLocalFunction;

    /// <summary>"DiagScenarioController.TaskWait and its callers (Shop.Api.Get)": every frame on the chain above the call site.</summary>
    private static string CallersOf(Culprit c)
    {
        var callers = c.ChainNames.Take(Math.Max(0, c.Chain.Count - 1)).ToList();
        return callers.Count == 0
            ? $"{c.DisplayName} and its callers"
            : $"{c.DisplayName} and every caller on its chain ({string.Join(" -> ", callers)})";
    }

    /// <summary>"NpgsqlCommand.ExecuteNonQuery" becomes ("command", "ExecuteNonQuery"): a plausible receiver and the member to make async.</summary>
    internal static (string Receiver, string Member) SplitApi(string api)
    {
        var clean = MethodNames.WithoutArguments(api);
        var parts = clean.Split('.', StringSplitOptions.RemoveEmptyEntries);
        var member = parts.Length > 0 && MethodNames.IsIdentifier(parts[^1]) ? parts[^1] : "Execute";
        var type = parts.Length > 1 && MethodNames.IsIdentifier(parts[^2]) ? parts[^2] : "client";
        return (ReceiverFor(type), member);
    }

    private static string ReceiverFor(string type)
    {
        foreach (var suffix in new[] { "Command", "Client", "Stream", "Socket", "Connection", "Reader" })
        {
            if (type.EndsWith(suffix, StringComparison.Ordinal))
            {
                return char.ToLowerInvariant(suffix[0]) + suffix[1..];
            }
        }
        return char.ToLowerInvariant(type[0]) + type[1..];
    }

    private static (string Sync, string Async) ArgumentsFor(string member) =>
        member.StartsWith("Execute", StringComparison.Ordinal) || member.StartsWith("Open", StringComparison.Ordinal)
            ? ("", "cancellationToken")
            : ("buffer", "buffer, cancellationToken");
}
