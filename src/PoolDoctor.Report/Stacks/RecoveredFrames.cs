using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// The user frames the JIT inlined away, put back into the stacks a reader sees (flame graph, speedscope file) where a
/// culprit's recovery says they ran: a culprit named from the app's IL or from the request's endpoint has chain frames
/// that no sample holds, because they were compiled into a generated frame (`dynamicClass.lambda_method89`, MVC's
/// compiled action invoker). They go in as the generated frame's callees, above the blocking API's first frame, each
/// marked as recovered so nobody takes it for a sampled frame.
/// </summary>
public sealed record RecoveredFrames
{
    /// <summary>What a recovered frame is marked with: where its name came from.</summary>
    public static string MarkerFor(CallSiteSource source) =>
        source == CallSiteSource.Endpoint ? "inlined, recovered from the endpoint" : "inlined, recovered from IL";

    private RecoveredFrames(string holder, string callee, IReadOnlyList<RecoveredFrame> frames)
    {
        Holder = holder;
        Callee = callee;
        Frames = frames;
    }

    /// <summary>The sampled frame the recovered ones were inlined into (the generated delegate, or the innermost chain frame on the stack).</summary>
    public string Holder { get; }

    /// <summary>The sampled frame the holder called, where the blocking API begins (`Task&lt;T&gt;.GetResultCore`).</summary>
    public string Callee { get; }

    /// <summary>The frames to insert, outermost first; the last is the call site.</summary>
    public IReadOnlyList<RecoveredFrame> Frames { get; }

    /// <summary>One recovery per culprit whose call site was recovered and whose chain frames are missing from its example stack.</summary>
    public static IReadOnlyList<RecoveredFrames> Of(IReadOnlyList<Culprit> culprits) =>
        [.. culprits.Select(For).OfType<RecoveredFrames>()];

    private static RecoveredFrames? For(Culprit culprit)
    {
        if (culprit.Site.Source is not (CallSiteSource.Il or CallSiteSource.Endpoint) || culprit.ExampleStack.Count < 2)
        {
            return null;
        }
        var sampled = culprit.ExampleStack.ToHashSet(StringComparer.Ordinal);
        IReadOnlyList<CulpritFrame> chain = culprit.Chain.Count > 0 ? culprit.Chain : [new CulpritFrame(culprit.DisplayName)];
        if (!chain.Any(f => f.Method == culprit.DisplayName || f.Method == culprit.Method))
        {
            chain = [.. chain, new CulpritFrame(culprit.DisplayName)];
        }
        var marker = MarkerFor(culprit.Site.Source);
        var missing = new List<RecoveredFrame>();
        // Only the frames inside the innermost sampled chain frame: one further out that no sample holds is not where the JIT hid it.
        var lastSampled = -1;
        for (var i = 0; i < chain.Count; i++)
        {
            lastSampled = sampled.Contains(chain[i].Method) ? i : lastSampled;
        }
        for (var i = lastSampled + 1; i < chain.Count; i++)
        {
            var isSite = i == chain.Count - 1;
            // The call site's own line is the site's; a frame further out has its chain line when the chain carries one.
            var source = isSite && culprit.Site.File is { } file && culprit.Site.Line is { } line
                ? new SourceLocation(file, line) { SourceUrl = culprit.Site.SourceUrl, RepositoryFile = culprit.Site.RepositoryFile }
                : chain[i].Source;
            missing.Add(new RecoveredFrame(chain[i].Method, marker, source));
        }
        if (missing.Count == 0)
        {
            return null;
        }
        // The holder: the innermost frame of the example stack that is on the chain, or else generated code.
        var chainSet = chain.Select(f => f.Method).ToHashSet(StringComparer.Ordinal);
        for (var i = 1; i < culprit.ExampleStack.Count; i++)
        {
            var frame = culprit.ExampleStack[i];
            if (chainSet.Contains(frame) || IsGenerated(frame))
            {
                return new RecoveredFrames(frame, culprit.ExampleStack[i - 1], missing);
            }
        }
        return null;
    }

    /// <summary>
    /// Where this recovery goes in a stack (leaf first): the index of the holder's innermost occurrence when the frame
    /// below it is the same callee, so only the stacks of the same generated delegate calling the same API get the frames;
    /// -1 otherwise.
    /// </summary>
    public int InsertionIndex(IReadOnlyList<string> leafFirst)
    {
        for (var i = 1; i < leafFirst.Count; i++)
        {
            if (string.Equals(leafFirst[i], Holder, StringComparison.Ordinal))
            {
                return string.Equals(leafFirst[i - 1], Callee, StringComparison.Ordinal) ? i : -1;
            }
        }
        return -1;
    }

    /// <summary>
    /// A stack (leaf first) with the first matching recovery's frames inserted above the holder, as <paramref name="make"/>
    /// builds each inserted item; the stack itself when none matches.
    /// </summary>
    public static IReadOnlyList<T> Insert<T>(IReadOnlyList<string> leafFirst, IReadOnlyList<T> items, IReadOnlyList<RecoveredFrames> recoveries, Func<RecoveredFrame, T> make)
    {
        foreach (var recovery in recoveries)
        {
            var at = recovery.InsertionIndex(leafFirst);
            if (at > 0 && at <= items.Count)
            {
                // Leaf first: the call site sits nearest the API, its callers further out, the holder outside them all.
                return [.. items.Take(at), .. recovery.Frames.Reverse().Select(make), .. items.Skip(at)];
            }
        }
        return items;
    }

    // The frames .NET compiles at run time for expression trees and invokers: their own names say nothing of the user's method.
    private static bool IsGenerated(string frame) => frame.StartsWith("dynamicClass.", StringComparison.Ordinal);
}

/// <summary>A frame put back into a stack: its name, why it was not sampled (the marker), and its source line when known.</summary>
public sealed record RecoveredFrame(string Name, string Marker, SourceLocation? Source);
