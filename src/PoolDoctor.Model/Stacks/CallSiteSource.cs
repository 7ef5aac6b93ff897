namespace PoolDoctor.Model.Stacks;

/// <summary>Where a culprit's method name comes from.</summary>
public enum CallSiteSource
{
    /// <summary>A user frame on the sampled stack.</summary>
    Stack,
    /// <summary>The JIT inlined the user's method; the name comes from ASP.NET Core's endpoint or action.</summary>
    Endpoint,
    /// <summary>The JIT inlined the user's method; the name comes from reading the app's IL for the blocking call.</summary>
    Il,
    /// <summary>No user frame and nothing recovered it: a library frame stands in.</summary>
    Library,
}
