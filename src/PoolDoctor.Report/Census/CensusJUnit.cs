using System.Xml.Linq;
using PoolDoctor.Model.Census;

namespace PoolDoctor.Report.Census;

/// <summary>
/// JUnit XML for CI servers: one test case per finding, failed when the finding fails the run (not in the baseline,
/// or every finding when no baseline is given), passed with its details otherwise. XLinq escapes every name.
/// </summary>
public static class CensusJUnit
{
    public static string Write(CensusResult census, IReadOnlySet<string> failing)
    {
        var cases = census.Findings.Select(f =>
        {
            var testCase = new XElement("testcase",
                new XAttribute("classname", "PoolDoctor.Census." + f.Kind),
                new XAttribute("name", $"{f.Method} [{f.Id}]"));
            var details = $"{CensusLocation.Text(f)}\n{CensusLocation.Message(f)}\n" + string.Join('\n', f.ExampleStack.Select(s => "  at " + s));
            testCase.Add(failing.Contains(f.Id)
                ? new XElement("failure", new XAttribute("message", CensusLocation.Message(f)), new XAttribute("type", f.Kind.ToString()), details)
                : new XElement("system-out", "in the baseline\n" + details));
            return testCase;
        }).ToList();
        var suite = new XElement("testsuite",
            new XAttribute("name", "dotnet-pooldoctor census"),
            new XAttribute("tests", cases.Count),
            new XAttribute("failures", census.Findings.Count(f => failing.Contains(f.Id))),
            new XAttribute("errors", 0),
            cases);
        var document = new XDocument(new XDeclaration("1.0", "utf-8", null), new XElement("testsuites", suite));
        return document.Declaration + "\n" + document;
    }
}
