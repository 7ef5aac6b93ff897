namespace PoolDoctor.Model.Stacks;

/// <summary>Which fact a <see cref="CallSiteNote"/> states: one kind per sentence form the reports print.</summary>
public enum CallSiteNoteKind
{
    /// <summary>Words with no kind (an older report.json read back): <see cref="CallSiteNote.Text"/>.</summary>
    Text,

    /// <summary>No user frame on the stack: a library frame is the site.</summary>
    LibraryOnly,

    /// <summary>The JIT inlined the call site into the sampled user <see cref="CallSiteNote.Frame"/>, at <see cref="CallSiteNote.IlOffset"/> when known; the app's IL named it (<see cref="CallSiteNote.Found"/>).</summary>
    InlinedByJit,

    /// <summary>Inlined into framework code (generated <see cref="CallSiteNote.Frame"/> when one); the IL search started at <see cref="CallSiteNote.Endpoint"/>.</summary>
    InlinedIntoFramework,

    /// <summary>Inlined into the delegate (<see cref="CallSiteNote.Frame"/>) a framework <see cref="CallSiteNote.Invoker"/> calls.</summary>
    InlinedIntoInvoker,

    /// <summary>The request's handler, named by <see cref="CallSiteNote.Endpoint"/>, was inlined into framework code.</summary>
    HandlerInlined,

    /// <summary>The handler was inlined; the IL maps the route (<see cref="CallSiteNote.Endpoint"/>) to <see cref="CallSiteNote.Method"/>, which reaches no call to <see cref="CallSiteNote.Api"/>.</summary>
    HandlerMapped,

    /// <summary>The handler was inlined; the route's one handler is a lambda (<see cref="CallSiteNote.Method"/>).</summary>
    HandlerUnnamed,

    /// <summary>The handler was inlined; the IL maps no one method to the route.</summary>
    HandlerUnmapped,

    /// <summary><see cref="CallSiteNote.Api"/> is called from generated code that may hold the request's handler; no event named the endpoint.</summary>
    GeneratedMayHoldHandler,

    /// <summary><see cref="CallSiteNote.Api"/> is called from generated code that is not a request's handler delegate.</summary>
    GeneratedNotHandler,

    /// <summary>A framework <see cref="CallSiteNote.Invoker"/>'s delegate blocked, and the app's IL shows no method of its shape that calls <see cref="CallSiteNote.Api"/>.</summary>
    InvokerUnresolved,

    /// <summary>The blocking is inside a referenced package (<see cref="CallSiteNote.Package"/>).</summary>
    InsidePackage,

    /// <summary>A framework method (<see cref="CallSiteNote.Frame"/>) sits under the wait, but its IL does not call
    /// <see cref="CallSiteNote.Api"/> itself: an override of another assembly, inlined into it, did, and the read IL
    /// does not say which one.</summary>
    OverrideUnresolved,
}

/// <summary>A framework invoker that calls a generated delegate a user method may be inlined into.</summary>
public enum InvokerKind
{
    /// <summary>SignalR's hub dispatcher.</summary>
    Hub,

    /// <summary>MVC's view component invoker.</summary>
    ViewComponent,
}

/// <summary>What the app's IL gave back for a call site the JIT inlined away: the method that calls the API, where,
/// and how many candidates call it (the first four, <see cref="Others"/>).</summary>
public sealed record IlFinding(string Method, string Api, string? At, int Count, IReadOnlyList<string> Others);

/// <summary>
/// When the call site is not the sampled frame itself: what was missing and what stands in for it, as data (a kind and
/// the names it cites). Analysis makes these; the sentence people read is rendered in one place (Report's
/// <c>CallSiteNoteText</c>), so report.json's <c>note</c>, the advice's evidence and the terminal say the same words.
/// </summary>
public sealed record CallSiteNote(CallSiteNoteKind Kind)
{
    /// <summary>The frame the call was inlined into: the sampled user frame, or generated code (null: not named).</summary>
    public string? Frame { get; init; }

    /// <summary>The IL offset of the sampled frame's statement, when the runtime reported it.</summary>
    public int? IlOffset { get; init; }

    /// <summary>The request's endpoint or route as described.</summary>
    public string? Endpoint { get; init; }

    /// <summary>A method the note names (the route's mapped handler, or its lambda).</summary>
    public string? Method { get; init; }

    /// <summary>The blocking API the note names.</summary>
    public string? Api { get; init; }

    public InvokerKind? Invoker { get; init; }

    /// <summary>What the app's IL gave back, when it named the call site.</summary>
    public IlFinding? Found { get; init; }

    /// <summary>The facts of a call site inside a package (<see cref="CallSiteNoteKind.InsidePackage"/>).</summary>
    public PackageNote? Package { get; init; }

    /// <summary>The words of a <see cref="CallSiteNoteKind.Text"/> note.</summary>
    public string? Text { get; init; }

    /// <summary>A note read back as words.</summary>
    public static CallSiteNote Words(string text) => new(CallSiteNoteKind.Text) { Text = text };
}
