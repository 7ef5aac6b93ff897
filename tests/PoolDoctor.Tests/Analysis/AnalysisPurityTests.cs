using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using PoolDoctor.Analysis.Detection;

namespace PoolDoctor.Tests.Analysis;

/// <summary>
/// The analysis stage is pure: it is unit-tested on recorded data because it reads nothing and talks to nothing. The
/// project reference to Model alone does not prove it (the shared framework offers files, sockets and processes to
/// every project), so these tests read PoolDoctor.Analysis.dll's metadata: which assemblies it references and which
/// framework types and members it calls.
/// </summary>
public sealed class AnalysisPurityTests
{
    // What a pure function may lean on in the framework; the collections, LINQ, spans and regular expressions.
    private static readonly HashSet<string> AllowedAssemblies = new(StringComparer.Ordinal)
    {
        "PoolDoctor.Model", "System.Runtime", "System.Collections", "System.Linq", "System.Memory",
        "System.Runtime.InteropServices", "System.Text.RegularExpressions", "System.Collections.Immutable",
    };

    // Types that reach outside the process or into its surroundings, by namespace prefix or full name.
    private static readonly string[] ForbiddenNamespaces = ["System.Net", "System.IO", "Microsoft.Diagnostics", "System.Diagnostics.Tracing"];
    private static readonly HashSet<string> ForbiddenTypes = new(StringComparer.Ordinal)
    {
        "System.Console", "System.Diagnostics.Process", "System.Diagnostics.ProcessStartInfo", "System.Threading.Thread",
        "System.Random", "System.TimeProvider", "System.Diagnostics.Stopwatch",
    };

    // The clock: a time is data the caller passes in, never read here.
    private static readonly HashSet<string> ForbiddenMembers = new(StringComparer.Ordinal)
    {
        "System.DateTime::get_Now", "System.DateTime::get_UtcNow", "System.DateTime::get_Today",
        "System.DateTimeOffset::get_Now", "System.DateTimeOffset::get_UtcNow",
    };

    // Path.GetFileName shortens a file name for a message (no file is touched); the compiler's iterators read the managed
    // thread id.
    private static readonly HashSet<string> AllowedMembers = new(StringComparer.Ordinal)
    {
        "System.IO.Path::GetFileName", "System.Environment::get_CurrentManagedThreadId",
    };

    [Fact]
    public void Analysis_references_only_Model_and_the_frameworks_pure_assemblies()
    {
        using var reader = Open();
        var metadata = reader.GetMetadataReader();
        var references = metadata.AssemblyReferences.Select(h => metadata.GetString(metadata.GetAssemblyReference(h).Name)).ToList();
        Assert.Contains("PoolDoctor.Model", references);
        Assert.DoesNotContain(references, r => !AllowedAssemblies.Contains(r));
    }

    [Fact]
    public void Analysis_calls_nothing_that_reads_files_sockets_processes_or_the_clock()
    {
        using var reader = Open();
        var metadata = reader.GetMetadataReader();
        var used = new List<string>();
        foreach (var handle in metadata.MemberReferences)
        {
            var member = metadata.GetMemberReference(handle);
            if (member.Parent.Kind == HandleKind.TypeReference)
            {
                used.Add($"{TypeName(metadata, (TypeReferenceHandle)member.Parent)}::{metadata.GetString(member.Name)}");
            }
        }
        var types = metadata.TypeReferences.Select(h => TypeName(metadata, h)).ToList();
        Assert.NotEmpty(used);

        var forbidden = types.Where(IsForbidden)
            .Where(t => !used.Any(m => m.StartsWith(t + "::", StringComparison.Ordinal) && AllowedMembers.Contains(m)))
            .Concat(used.Where(m => IsForbidden(m[..m.IndexOf("::", StringComparison.Ordinal)]) && !AllowedMembers.Contains(m)))
            .Concat(used.Where(m => m.StartsWith("System.Environment::", StringComparison.Ordinal) && !AllowedMembers.Contains(m)))
            .Concat(used.Where(ForbiddenMembers.Contains))
            .Distinct()
            .ToList();
        Assert.True(forbidden.Count == 0, string.Join('\n', forbidden));
    }

    [Fact]
    public void The_check_sees_a_forbidden_call_in_an_assembly_that_makes_one()
    {
        // The tests' own assembly reads files: the same reading must find System.IO.File there, or the checks above
        // would pass on an empty list.
        using var reader = new PEReader(File.OpenRead(typeof(AnalysisPurityTests).Assembly.Location));
        var metadata = reader.GetMetadataReader();
        Assert.Contains(metadata.TypeReferences.Select(h => TypeName(metadata, h)), IsForbidden);
    }

    private static bool IsForbidden(string type) =>
        ForbiddenTypes.Contains(type) || ForbiddenNamespaces.Any(n => type.StartsWith(n + ".", StringComparison.Ordinal));

    private static string TypeName(MetadataReader metadata, TypeReferenceHandle handle)
    {
        var type = metadata.GetTypeReference(handle);
        return type.ResolutionScope.Kind == HandleKind.TypeReference
            ? $"{TypeName(metadata, (TypeReferenceHandle)type.ResolutionScope)}+{metadata.GetString(type.Name)}"
            : $"{metadata.GetString(type.Namespace)}.{metadata.GetString(type.Name)}";
    }

    private static PEReader Open() => new(File.OpenRead(typeof(StarvationDetector).Assembly.Location));
}
