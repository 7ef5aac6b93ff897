using PoolDoctor.Model.Census;

namespace PoolDoctor.Report.Census;

/// <summary>A census's notes as every output words them: the collectors' lines, then the waits left out, by count.</summary>
internal static class CensusNotes
{
    public static IReadOnlyList<string> Of(CensusResult census)
    {
        var notes = census.Notes.ToList();
        if (census.FrameworkOnlyWaits > 0)
        {
            notes.Add($"{census.FrameworkOnlyWaits} wait(s) on pool threads had no frame of your code on the stack (the framework's own) and are not listed");
        }
        if (census.UnnamedWaits > 0)
        {
            notes.Add($"{census.UnnamedWaits} wait(s) kept frames without a method name (the process ended before a rundown named them): they may hide findings");
        }
        return notes;
    }
}
