using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The terminal summary's culprits: a table when every cell fits its column whole at the console's width, else (an
/// 80-column terminal) one block per culprit, so a method name is never broken mid-word (`DiagScenari/oController`).
/// </summary>
internal static class CulpritTable
{
    public static void Write(IAnsiConsole console, IReadOnlyList<Culprit> culprits)
    {
        var (shown, folded, foldedShare) = CulpritRows.Of(culprits);
        var table = Table(shown, folded, foldedShare);
        if (Fits(console, table))
        {
            console.Write(table);
            // Under the table, not in a column: a constant blocker's rank needs its reason beside it.
            foreach (var (rank, c) in shown)
            {
                if (CulpritHoldText.Of(c) is { } hold)
                {
                    console.MarkupLine($"   [grey]#{rank} {Markup.Escape(hold)}[/]");
                }
            }
            return;
        }
        console.MarkupLine("[bold]Culprits[/]");
        foreach (var (rank, c) in shown)
        {
            console.MarkupLine($"{rank}. [bold]{Markup.Escape(c.DisplayName)}[/]");
            console.MarkupLine($"   {c.Kind} on {Markup.Escape(c.ApiText)}: {c.Threads} pool thread{(c.Threads == 1 ? "" : "s")}, {c.Share * 100:0}%");
            if (c.Entry is not null)
            {
                console.MarkupLine($"   entry: {Markup.Escape(EntryText.Of(c.Entry)!)}");
            }
            if (CulpritHoldText.Of(c) is { } hold)
            {
                console.MarkupLine($"   [grey]{Markup.Escape(hold)}[/]");
            }
        }
        if (folded > 0)
        {
            console.MarkupLine($"   [grey]{Markup.Escape(CulpritRows.OtherText(folded, foldedShare))}[/]");
        }
    }

    /// <summary>
    /// Whether the table's narrowest layout (each column as wide as its longest word) fits: Spectre's own measure, so
    /// the answer is the one its renderer would reach.
    /// </summary>
    internal static bool Fits(IAnsiConsole console, Table table)
    {
        var width = console.Profile.Width;
        return ((IRenderable)table).Measure(RenderOptions.Create(console), width).Min <= width;
    }

    private static Table Table(IEnumerable<(int Rank, Culprit Culprit)> shown, int folded, double foldedShare)
    {
        var table = new Table().Border(TableBorder.Simple).Title("[bold]Culprits[/]");
        table.AddColumn("#").AddColumn("method (call site)").AddColumn("entry").AddColumn("kind").AddColumn("blocking API").AddColumn(new TableColumn("pool threads").RightAligned()).AddColumn(new TableColumn("share").RightAligned());
        foreach (var (rank, c) in shown)
        {
            table.AddRow(rank.ToString(), Markup.Escape(c.DisplayName), Markup.Escape(EntryText.Of(c.Entry) ?? "-"), c.Kind.ToString(), Markup.Escape(c.ApiText), c.Threads.ToString(), $"{c.Share * 100:0}%");
        }
        if (folded > 0)
        {
            table.AddRow("", $"[grey]{Markup.Escape(CulpritRows.OtherLabel(folded))}[/]", "", "", "", "", $"[grey]{Markup.Escape(CulpritRows.Percent(foldedShare))}[/]");
        }
        return table;
    }
}
