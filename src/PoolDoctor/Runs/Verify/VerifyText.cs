using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Compare;

namespace PoolDoctor.Runs.Verify;

/// <summary>
/// The verified table and its one-line judgement; when the fix did not help, the culprits the patched build's capture
/// named (the next blocking call may be the next link of the chain). `fix --verify` and `demo` print it alike.
/// </summary>
internal static class VerifyText
{
    public static void Write(TextWriter output, VerifyResult result)
    {
        output.WriteLine("Verified under the same load (each build a fresh process):");
        output.Write(CompareTableWriter.Text(result.Rows));
        if (result.Helped)
        {
            output.WriteLine($"The fix helped: {Describe(result.Before.Row)} before, {Describe(result.After.Row)} after.");
            return;
        }
        output.WriteLine($"The fix did not help: {result.Shortfall}.");
        var culprits = result.After.Watch?.Stacks?.Culprits ?? [];
        if (culprits.Count == 0)
        {
            output.WriteLine("The patched build's capture named no culprit.");
        }
        foreach (var c in culprits.Take(3))
        {
            var where = c.Site.File is { } f ? c.Site.Line is { } n ? $" at {f}:{n}" : $" at {f}" : "";
            output.WriteLine($"Still blocking after the fix: {c.Method} ({c.Kind}, {c.Api}){where}");
        }
    }

    private static string Describe(CompareRow row) => $"{row.Verdict?.ToString() ?? "no verdict"}, {row.Requests} requests";
}
