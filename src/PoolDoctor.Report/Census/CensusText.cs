using PoolDoctor.Model.Census;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Report.Census;

/// <summary>The census as a terminal reads it: one block per finding, largest blocked time first.</summary>
public static class CensusText
{
    public static void Write(TextWriter text, CensusResult census, IReadOnlySet<string>? newIds = null)
    {
        var processes = string.Join(", ", census.Processes.Select(p => $"{p.Name} ({p.ProcessId})"));
        text.WriteLine($"census: {census.Findings.Count} blocking call site(s) on pool threads; followed {census.Processes.Count} process(es){(processes.Length > 0 ? ": " + processes : "")}");
        var n = 0;
        foreach (var f in census.Findings)
        {
            n++;
            var mark = newIds is not null && newIds.Contains(f.Id) ? " NEW" : "";
            text.WriteLine();
            text.WriteLine($"#{n} [{f.Id}]{mark} {f.Method}");
            text.WriteLine($"   at       {CensusLocation.Text(f)}");
            text.WriteLine($"   blocks   {f.Api} ({f.Kind})");
            if (f.Entry is not null)
            {
                text.WriteLine($"   entry    {EntryText.Of(f.Entry)}");
            }
            if (f.Package is { } package)
            {
                text.WriteLine($"   package  {package} {f.PackageMethod}{(f.UserFrame is { } u ? $", called from {u}" : "")}");
            }
            text.WriteLine($"   seen     {f.Count}x, {f.TotalBlockedMs:0.#} ms blocked in all, longest {f.MaxBlockedMs:0.#} ms, first at {f.FirstSeenSeconds:0.0} s ({string.Join(", ", f.Processes)})");
        }
        foreach (var note in CensusNotes.Of(census))
        {
            text.WriteLine();
            text.WriteLine($"note: {note}");
        }
    }
}
