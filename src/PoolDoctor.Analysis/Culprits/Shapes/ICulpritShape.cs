namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// One shape a blocked stack can have, as the culprit search names its call site: the user's frame that calls the
/// API, a view component's delegate, a Razor Page handler the JIT inlined, a package's method, a library frame. Each
/// shape is one small file, registered once in <see cref="CulpritShapes.All"/>; <see cref="BlockingSiteFinder.Find"/> asks
/// them in that order and the first that recognises the stack names its site. Its recorded-fixture test sits under the
/// same folder of the unit tests, named after it (<c>…Tests</c>).
/// </summary>
public interface ICulpritShape
{
    /// <summary>The call site this shape names for the blocked stack, or null when the stack does not have this shape
    /// (the next shape is asked).</summary>
    BlockingSite? Recognize(BlockedStack blocked);
}
