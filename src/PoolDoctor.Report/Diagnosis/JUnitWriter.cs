using System.Globalization;
using System.Xml.Linq;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// A JUnit XML summary of one diagnosis for CI servers: one test case, "thread pool not starving", failed when the
/// gate failed, with the verdict, evidence and culprits in the failure text. XLinq escapes every name from the target.
/// </summary>
public static class JUnitWriter
{
    public static string Write(DiagnosisReport report, bool failed, string gateMessage)
    {
        var testCase = new XElement("testcase",
            new XAttribute("classname", "PoolDoctor." + Safe(report.Target.Name)),
            new XAttribute("name", "thread pool is not blocked"),
            new XAttribute("time", Seconds(report.DurationSeconds)));
        var details = string.Join('\n', Details(report));
        if (failed)
        {
            testCase.Add(new XElement("failure", new XAttribute("message", gateMessage), new XAttribute("type", report.Verdict.Kind.ToString()), details));
        }
        else
        {
            testCase.Add(new XElement("system-out", gateMessage + "\n" + details));
        }
        var suite = new XElement("testsuite",
            new XAttribute("name", "dotnet-pooldoctor diagnose"),
            new XAttribute("tests", 1),
            new XAttribute("failures", failed ? 1 : 0),
            new XAttribute("errors", 0),
            new XAttribute("time", Seconds(report.DurationSeconds)),
            new XAttribute("timestamp", report.StartedUtc.UtcDateTime.ToString("yyyy-MM-ddTHH:mm:ss", CultureInfo.InvariantCulture)),
            testCase);
        var document = new XDocument(new XDeclaration("1.0", "utf-8", null), new XElement("testsuites", suite));
        return document.Declaration + "\n" + document;
    }

    public static Task WriteFileAsync(DiagnosisReport report, bool failed, string gateMessage, string path, CancellationToken cancellation = default) =>
        ReportFile.WriteAsync(path, Write(report, failed, gateMessage), cancellation);

    private static IEnumerable<string> Details(DiagnosisReport report)
    {
        yield return $"verdict: {report.Verdict.Kind} ({report.Verdict.Rule.Name()}) on {report.Target.Name} (pid {report.Target.ProcessId})";
        foreach (var line in EvidenceText.Lines(report.Verdict))
        {
            yield return "  - " + line;
        }
        foreach (var c in report.Culprits.Take(5))
        {
            yield return $"culprit: {c.DisplayName} {c.Kind} on {c.ApiText}, {c.Threads} pool threads, {c.Share * 100:0}%"
                + (c.Entry is null ? "" : $", entry {EntryText.Of(c.Entry)}");
        }
    }

    private static string Seconds(double seconds) => seconds.ToString("0.###", CultureInfo.InvariantCulture);

    private static string Safe(string name) => string.Concat(name.Select(ch => char.IsLetterOrDigit(ch) || ch is '.' or '_' or '-' ? ch : '_'));
}
