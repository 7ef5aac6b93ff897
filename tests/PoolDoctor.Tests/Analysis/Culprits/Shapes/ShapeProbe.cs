using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// Which culprit shape named a culprit: the capture read as <see cref="CulpritAnalyzer"/> reads it (its sampled pool
/// threads, each with the request the analysis learned for it), each blocked stack handed to
/// <see cref="CulpritShapes.First"/>. A shape's test uses it to show that its recorded stack is recognised by that
/// shape, not by another one that happens to name the same method.
/// </summary>
internal static class ShapeProbe
{
    /// <summary>The shapes whose sites name <paramref name="method"/> (a culprit's <c>Method</c>) in the capture.</summary>
    public static IReadOnlySet<Type> Naming(StackSnapshot snapshot, string method) =>
        Sites(snapshot).Where(s => s.Site.Method == method).Select(s => s.Shape.GetType()).ToHashSet();

    /// <summary>Every blocked sampled stack's shape and site, as the analyzer reads the capture.</summary>
    public static IEnumerable<(ICulpritShape Shape, BlockingSite Site)> Sites(StackSnapshot snapshot)
    {
        var analysis = CulpritAnalyzer.Analyze(snapshot);
        var il = new CallSiteResolver(snapshot.CallGraph);
        var pool = analysis.Threads.Where(t => t.Reading.IsPoolThread).ToList();
        var requests = LearnedRequests.Learn(pool.Select(p => (p.Reading, p.Stack.Request, (long)p.Stack.Samples)), il);
        foreach (var thread in pool.Where(p => !p.Reading.IsIdle))
        {
            var request = requests.For(thread.Reading) ?? requests.Complete(thread.Stack.Request);
            if (BlockedStack.Read(thread.Reading, request, null, il) is { } blocked && CulpritShapes.First(blocked) is { } found)
            {
                yield return found;
            }
        }
    }

    /// <summary>Asserts that <typeparamref name="TShape"/>, and no other shape, named the culprit.</summary>
    public static void AssertNamedBy<TShape>(StackSnapshot snapshot, string method)
        where TShape : ICulpritShape
    {
        var shapes = Naming(snapshot, method);
        Assert.True(shapes.SetEquals([typeof(TShape)]),
            $"{method} was named by [{string.Join(", ", shapes.Select(s => s.Name))}], not {typeof(TShape).Name} alone");
    }
}
