namespace PoolDoctor.Analysis.Census;

/// <summary>
/// The test frameworks' and runners' own code (xunit, NUnit, MSTest, vstest): in a test host it sits in the output
/// folder beside the user's assemblies, but its waits (a runner waiting for its tests) are no finding of the user's.
/// </summary>
public static class TestPlatform
{
    private static readonly string[] Namespaces =
    [
        "Xunit.", "NUnit.", "Microsoft.VisualStudio.TestPlatform.", "Microsoft.VisualStudio.TestTools.", "Microsoft.TestPlatform.",
        "Microsoft.Testing.", "MSTest.",
    ];

    public static bool Owns(string typeFullName) => Namespaces.Any(n => typeFullName.StartsWith(n, StringComparison.Ordinal));
}
