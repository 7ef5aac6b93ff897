namespace PoolDoctor.Report.Census;

/// <summary>A baseline is a census.json written by `--update-baseline` (or `--format json`): its finding ids and blocked
/// times, read through the census's one reader (<see cref="CensusJsonReader"/>).</summary>
public static class CensusBaselineFile
{
    /// <summary>Each finding's id and total blocked ms. Throws <see cref="FormatException"/> with one line when the file is no census.</summary>
    public static IReadOnlyDictionary<string, double> Read(string path)
    {
        try
        {
            var ids = new Dictionary<string, double>(StringComparer.Ordinal);
            foreach (var finding in CensusJsonReader.Read(path).Findings)
            {
                ids[finding.Id] = finding.TotalBlockedMs;
            }
            return ids;
        }
        catch (InvalidDataException e)
        {
            throw new FormatException(e.Message, e);
        }
    }
}
