using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using System.Xml.Linq;

namespace PoolDoctor.Tests.Docs;

/// <summary>
/// docs/dependencies.md against Directory.Packages.props: every package the build pins has a row in the inventory, and
/// the row gives the version that is pinned. A package added or bumped without its row fails here, not in a review.
/// </summary>
public sealed partial class DependencyInventoryTests
{
    [Fact]
    public void Every_pinned_package_has_a_row_with_its_version()
    {
        var rows = InventoryRows();
        var missing = new List<string>();
        foreach (var (package, version) in PinnedPackages())
        {
            var row = rows.FirstOrDefault(r => r.Packages.Contains(package));
            if (row is null)
            {
                missing.Add($"{package} {version}: no row");
            }
            else if (!row.Versions.Contains(version, StringComparison.Ordinal))
            {
                missing.Add($"{package}: pinned at {version}, the row says '{row.Versions}'");
            }
        }
        Assert.True(missing.Count == 0, string.Join('\n', missing));
    }

    [Fact]
    public void The_inventory_is_read_as_a_table_of_rows()
    {
        // A guard for the test above: a change of the table's layout must not leave it reading nothing.
        var rows = InventoryRows();
        Assert.True(rows.Count >= 15, $"{rows.Count} rows");
        Assert.Contains(rows, r => r.Packages.Contains("Microsoft.Diagnostics.Runtime") && r.Versions.Contains("4.2.", StringComparison.Ordinal));
    }

    private static IEnumerable<(string Package, string Version)> PinnedPackages() =>
        XDocument.Load(Path.Combine(Root(), "Directory.Packages.props"))
            .Descendants("PackageVersion")
            .Select(e => ((string)e.Attribute("Include")!, (string)e.Attribute("Version")!));

    private static List<InventoryRow> InventoryRows() =>
        File.ReadAllLines(Path.Combine(Root(), "docs", "dependencies.md"))
            .Where(l => l.StartsWith("| ", StringComparison.Ordinal) && !l.StartsWith("| package", StringComparison.Ordinal) && !l.StartsWith("|---", StringComparison.Ordinal))
            .Select(l => l.Split('|'))
            .Where(cells => cells.Length >= 5)
            .Select(cells => new InventoryRow(
                [.. PackageName().Matches(cells[1]).Select(m => m.Value)],
                cells[3].Trim()))
            .ToList();

    private static string Root([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", ".."));

    // A package id: dotted words, as NuGet spells them; "(package)" and "(tool)" notes are not ids.
    [GeneratedRegex(@"[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)*(?![A-Za-z0-9.(-])")]
    private static partial Regex PackageName();

    private sealed record InventoryRow(IReadOnlyList<string> Packages, string Versions);
}
