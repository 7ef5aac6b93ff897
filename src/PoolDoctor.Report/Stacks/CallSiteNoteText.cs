using PoolDoctor.Model.Stacks;
using static PoolDoctor.Model.Stacks.CallSiteNoteKind;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// The one place a <see cref="CallSiteNote"/> becomes the sentence people read: report.json's <c>note</c>, the
/// advice's evidence and the terminal print these words. Only wording happens here; every name comes in the note.
/// </summary>
public static class CallSiteNoteText
{
    public static string? Line(CallSiteNote? note) => note is null ? null : Sentence(note);

    private static string Sentence(CallSiteNote n) => n.Kind switch
    {
        Text => n.Text ?? "",
        LibraryOnly => "no user code on the stack: a library blocks here",
        InlinedByJit => Found(n, $"inlined by the JIT into {n.Frame} ({(n.IlOffset is { } offset ? $"its statement at IL_{offset:x4}" : "its statement not known: any of its calls")})",
            reachedFrom: "", candidates: "methods reached from there"),
        InlinedIntoFramework => Found(n, $"inlined into {Where(n)}", reachedFrom: $", reached from endpoint {n.Endpoint}", candidates: "methods reachable from it"),
        InlinedIntoInvoker => Found(n, n.Invoker == InvokerKind.Hub
                ? $"inlined into a hub method's delegate ({n.Frame}, called by SignalR's hub dispatcher)"
                : $"inlined into a view component's delegate ({n.Frame}, called by MVC's view component invoker)",
            reachedFrom: "", candidates: n.Invoker == InvokerKind.Hub ? "hub methods" : "view component methods"),
        HandlerInlined => $"handler inlined into {Where(n)}; endpoint {n.Endpoint}",
        HandlerMapped => $"handler inlined into {Where(n)}; endpoint {n.Endpoint}, mapped to {n.Method} in the app's IL, which reaches no call to {n.Api}",
        HandlerUnnamed => $"handler inlined into {Where(n)}; endpoint {n.Endpoint} (its handler has no name: {n.Method})",
        HandlerUnmapped => $"handler inlined into {Where(n)}; endpoint {n.Endpoint} (the app's IL maps no one method to it)",
        GeneratedMayHoldHandler => $"{n.Api} is called from generated {Where(n)}: the JIT may have inlined the user's handler there, and no ASP.NET Core event named the endpoint",
        GeneratedNotHandler => $"{n.Api} is called from generated {Where(n)}, which is not a request's handler delegate (a container's service factory, a stub): "
            + "the JIT may have inlined a user method there (a service's constructor), so the request's handler is not named",
        InvokerUnresolved => n.Invoker == InvokerKind.Hub
            ? $"a hub method inlined into {n.Frame} (called by SignalR's hub dispatcher); the app's IL shows no hub method that calls {n.Api}, so the call site is unresolved"
            : $"a view component's Invoke inlined into {n.Frame} (called by MVC's view component invoker); the app's IL shows no view component that calls {n.Api}",
        InsidePackage when n.Package is { } p => InsidePackageSentence(p),
        OverrideUnresolved => $"{n.Api} runs under the framework's {n.Frame}, whose IL does not call it: tier-1 code inlined an override "
            + "of a package or of the app there, and the IL read does not say which one, so the call site is unresolved",
        _ => throw new ArgumentOutOfRangeException(nameof(n), n.Kind, "a call-site note kind with no sentence"),
    };

    private static string InsidePackageSentence(PackageNote p)
    {
        var how = p.Reach switch
        {
            PackageReach.AwaitsRanSync when p.Ran is { } ran => $"{p.UserFrame} awaits {ran.Awaited}, which ran {ran.Ran} synchronously"
                + (ran.NotOverridden ? $" ({TypeOf(ran.Ran)} does not override {MethodOf(ran.Awaited)})" : ""),
            PackageReach.CallsApi when p.UserCall is { } call => $"{p.UserFrame} calls {call.Api}{(call.Twin is null ? " (no async twin)" : "")}, under which the package blocks",
            PackageReach.NoUserFrame => $"no user frame on the stack: package {p.Package} is called by {p.Caller ?? "the framework"}",
            _ => $"{p.UserFrame} calls into package {p.Package}",
        };
        var registration = p.Registration switch
        {
            null => "",
            { InlinedInto: { } inlined } r => $"; {r.User} calls {r.Calls}{At(r)}, inlined by the JIT into {inlined} (found in the app's IL)",
            var r => $"; the app reaches it through {r.User}, which calls {r.Calls}{At(r)}",
        };
        return $"blocks inside package {p.Package} ({(p.Package.Direct ? "referenced by the app" : "a transitive dependency")}): {p.Method} calls {p.Api}; {how}{registration}";
    }

    private static string At(PackageRegistration r) => r.At is { } at ? $" at {at}" : "";

    private static string TypeOf(string owner) => owner.LastIndexOf('.') is var dot and > 0 ? owner[..dot] : owner;

    private static string MethodOf(string owner) => owner.LastIndexOf('.') is var dot and > 0 ? owner[(dot + 1)..] : owner;

    private static string Where(CallSiteNote n) => n.Frame is null ? "framework code" : $"framework code ({n.Frame})";

    // What was missing, then what the app's IL gave back in its place and how many others it could have been.
    private static string Found(CallSiteNote n, string missing, string reachedFrom, string candidates)
    {
        if (n.Found is not { } f)
        {
            return missing;
        }
        var at = f.At is { } line ? $" at {line}" : "";
        var others = f.Count > 1 ? $"; one of {f.Count} {candidates} that call {f.Api}: {string.Join(", ", f.Others)}" : "";
        return $"{missing}; found in the app's IL: {f.Method} calls {f.Api}{at}{reachedFrom}{others}";
    }
}
