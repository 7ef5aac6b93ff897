using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Tests.Samples.Shop;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>The call graph of this test assembly (built in the same configuration as the tests), read once.</summary>
internal static class ShopGraph
{
    public const string Ns = "PoolDoctor.Tests.Samples.Shop";

    private static readonly Lazy<CallGraph> Read = new(() => AssemblyCallGraphReader.Read([AssemblyPath]));

    public static string AssemblyPath => typeof(CustomerRepository).Assembly.Location;

    public static CallGraph Graph => Read.Value;

    public static IlMethod Method(string type, string method) =>
        Graph.Methods.Single(m => m.TypeFullName == Ns + "." + type && m.Method == method);
}
