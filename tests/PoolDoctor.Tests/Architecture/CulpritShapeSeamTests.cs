using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;

namespace PoolDoctor.Tests.Architecture;

/// <summary>
/// One seam per culprit shape (issue 33, item 2): <c>BlockingSiteFinder.Find</c> is a loop over <see cref="CulpritShapes.All"/>
/// and knows no shape; every shape is registered there once and has its test class beside it. Before, every shape went
/// into one 476-line switchboard. How a shape-specific branch is detected in the loop file: its code (comments and
/// strings removed) may name no shape type nor anything a call site is made of (a note kind, a site source, a frame), may
/// read no fact of the blocked stack but the chain's length, and may branch at most three times (the resolver's default, nothing blocked, no shape).
/// </summary>
public sealed partial class CulpritShapeSeamTests
{
    // The seam itself: the loop may name these.
    private static readonly HashSet<string> SeamTypes = [nameof(ICulpritShape), nameof(CulpritShapes), nameof(BlockedStack), "SiteParts", "StackRegions"];

    // What a call site is made of, or a fact only a shape decides on: a loop that names one is deciding a shape itself.
    private static readonly string[] SiteMaking =
    [
        "CallSiteNoteKind", "CallSiteNote", "CallSiteSource", "BlockingKind", "new BlockingSite", "new CallSite", "Frames", "FirstUser",
        "Generated", "Crossing", "Handler", "Route", "Request.", "Il.", "EndpointNames", "GeneratedCode", "PackageBoundary", "RazorPage",
        "Invoker", "InTaskRun", "Entry",
    ];

    private const int BranchBudget = 3;

    [Fact]
    public void The_loop_over_the_shapes_knows_no_shape()
    {
        var wrong = ShapeSpecific(File.ReadAllText(Path.Combine(AnalysisRoot(), "Culprits", "BlockingSiteFinder.cs")));
        Assert.True(wrong.Count == 0,
            "BlockingSiteFinder.cs decides a shape itself; make it a recognizer (ICulpritShape) registered in CulpritShapes.All:\n  " + string.Join("\n  ", wrong));
    }

    [Fact]
    public void The_check_catches_the_branches_the_switchboard_had()
    {
        // Lines of the old BlockingSiteFinder.Find: each must fail the check on its own, beside the loop as it is.
        var loop = File.ReadAllText(Path.Combine(AnalysisRoot(), "Culprits", "BlockingSiteFinder.cs"));
        string[] old =
        [
            "if (api.Kind == BlockingKind.Lock && IsSpinning(frames[0].Name)) { return null; }",
            "if (generated >= 0 && InvokerShapes.Owning(frames.Skip(generated + 1).Select(f => f.Name)) is { } shape) { return x; }",
            "return new BlockingSite(handler, api.Kind, api.Api) { Chain = chain };",
            "if (firstUser >= 0 && !passesThrough) { return AtUserFrame(stack); }",
            "var site = blocked.Handler is null ? a : b;",
            "var p = HubInvocation.Shape.Recognize(blocked) ?? ViewComponentInvocation.Shape.Recognize(blocked);",
        ];
        foreach (var line in old)
        {
            var withLine = loop.Replace("        return blocked is not null", line + "\n        return blocked is not null", StringComparison.Ordinal);
            Assert.NotEqual(loop, withLine);
            Assert.NotEmpty(ShapeSpecific(withLine));
        }
        Assert.Empty(ShapeSpecific("// if (api.Kind == BlockingKind.Lock) a comment is no branch\nvar s = \"Generated ? Handler\";"));
    }

    [Fact]
    public void Every_shape_is_registered_once_and_every_recognizer_in_the_folder_is_registered()
    {
        var registered = CulpritShapes.All.Select(s => s.GetType()).ToList();
        Assert.Equal(registered.Count, registered.Distinct().Count());
        var recognizers = typeof(ICulpritShape).Assembly.GetTypes()
            .Where(t => t is { IsClass: true, IsAbstract: false } && typeof(ICulpritShape).IsAssignableFrom(t))
            .ToList();
        Assert.All(recognizers, t => Assert.True(registered.Contains(t), $"{t.Name} is a culprit shape no one asks: add it to CulpritShapes.All"));
        Assert.All(recognizers, t => Assert.Equal("PoolDoctor.Analysis.Culprits.Shapes", t.Namespace));
        Assert.True(registered.Count >= 10, $"{registered.Count} shapes registered");
    }

    [Fact]
    public void Every_registered_shape_has_its_test_class_beside_it_that_shows_the_shape_recognising_a_stack()
    {
        var missing = new List<string>();
        foreach (var shape in CulpritShapes.All.Select(s => s.GetType()))
        {
            var source = Path.Combine(AnalysisRoot(), "Culprits", "Shapes", shape.Name + ".cs");
            var testFile = Path.Combine(TestsRoot(), "Analysis", "Culprits", "Shapes", shape.Name + "Tests.cs");
            var testClass = typeof(CulpritShapeSeamTests).Assembly.GetType($"PoolDoctor.Tests.Analysis.Culprits.Shapes.{shape.Name}Tests");
            if (!File.Exists(source))
            {
                missing.Add($"{shape.Name}: not in its own file Culprits/Shapes/{shape.Name}.cs");
            }
            if (testClass is null || !File.Exists(testFile))
            {
                missing.Add($"{shape.Name}: no test class {shape.Name}Tests in tests/PoolDoctor.Tests/Analysis/Culprits/Shapes/{shape.Name}Tests.cs");
                continue;
            }
            if (!testClass.GetMethods().Any(m => m.GetCustomAttributes<FactAttribute>().Any()))
            {
                missing.Add($"{shape.Name}Tests: no test");
            }
            if (!File.ReadAllText(testFile).Contains($"AssertNamedBy<{shape.Name}>", StringComparison.Ordinal))
            {
                missing.Add($"{shape.Name}Tests: no test shows {shape.Name} recognising a stack (ShapeProbe.AssertNamedBy<{shape.Name}>)");
            }
        }
        Assert.True(missing.Count == 0, string.Join('\n', missing));
    }

    private static List<string> ShapeSpecific(string source)
    {
        var code = Strings().Replace(Comments().Replace(source, " "), "\"\"");
        code = string.Join('\n', code.Split('\n').Where(l => !l.TrimStart().StartsWith("using ", StringComparison.Ordinal)));
        var wrong = new List<string>();
        var shapeTypes = typeof(ICulpritShape).Assembly.GetTypes()
            .Where(t => t.Namespace == "PoolDoctor.Analysis.Culprits.Shapes" && !SeamTypes.Contains(t.Name) && !t.Name.StartsWith('<'))
            .Select(t => t.Name.Split('`')[0]);
        wrong.AddRange(shapeTypes.Where(name => Regex.IsMatch(code, $@"\b{Regex.Escape(name)}\b")).Select(name => "names the shape " + name));
        wrong.AddRange(SiteMaking.Where(word => Regex.IsMatch(code, $@"\b{Regex.Escape(word)}")).Select(word => "names " + word));
        var branches = Branches().Count(code);
        if (branches > BranchBudget)
        {
            wrong.Add($"{branches} branches (if, switch, case, ?:, ??, &&, ||), {BranchBudget} allowed");
        }
        return wrong;
    }

    private static string AnalysisRoot([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", "..", "src", "PoolDoctor.Analysis"));

    private static string TestsRoot([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, ".."));

    [GeneratedRegex(@"//[^\n]*|/\*.*?\*/", RegexOptions.Singleline)]
    private static partial Regex Comments();

    [GeneratedRegex(@"""(?:[^""\\\n]|\\.)*""")]
    private static partial Regex Strings();

    // A branch: if, switch, case, a conditional's ?, ??, &&, || (not ?. nor a nullable type's ? before a name).
    [GeneratedRegex(@"\bif\s*\(|\bswitch\b|\bcase\b|\?\?|&&|\|\||\s\?\s")]
    private static partial Regex Branches();
}
