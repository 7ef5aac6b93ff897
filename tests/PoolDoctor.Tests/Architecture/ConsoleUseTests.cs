using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;

namespace PoolDoctor.Tests.Architecture;

/// <summary>
/// Every verb writes through the injected console (issue 33, item 6): the process's global <c>Console</c> is touched
/// only by the one implementation (<c>SystemConsole</c>) and <c>Program.cs</c>. A write that bypasses it would vanish
/// from a verb's tests (they pass a console of their own) and interleave with another run's output in one process.
/// The lab (src/PoolDoctor.Lab) is the target app, not the tool: its ready line is its own process's stdout.
/// </summary>
public sealed partial class ConsoleUseTests
{
    private static readonly string[] Allowed = ["SystemConsole.cs", "Program.cs"];

    [Fact]
    public void Only_the_system_console_and_Program_touch_the_global_console()
    {
        var offenders = ToolSources()
            .Where(file => !Allowed.Contains(Path.GetFileName(file)))
            .SelectMany(file => File.ReadLines(file).Select((line, index) => (file, line, index)))
            .Where(x => GlobalConsole().IsMatch(StripComment(x.line)))
            .Select(x => $"{Path.GetRelativePath(Root(), x.file)}:{x.index + 1}: {x.line.Trim()}")
            .ToList();
        Assert.True(offenders.Count == 0, string.Join('\n', offenders));
    }

    [Fact]
    public void The_check_sees_a_global_console_call()
    {
        // A guard for the test above: the pattern must match the calls it exists to catch, and not the injected console.
        Assert.Matches(GlobalConsole(), "        Console.Error.WriteLine(e);");
        Assert.Matches(GlobalConsole(), "var w = System.Console.Out;");
        Assert.DoesNotMatch(GlobalConsole(), "        console.Error.WriteLine(e);");
        Assert.DoesNotMatch(GlobalConsole(), "        TerminalConsole.ForError(console).WriteLine(x);");
        Assert.True(ToolSources().Count() > 100, "the tool's sources were not found");
    }

    private static IEnumerable<string> ToolSources() =>
        Directory.EnumerateDirectories(Path.Combine(Root(), "src"), "PoolDoctor*")
            .Where(project => Path.GetFileName(project) != "PoolDoctor.Lab")
            .SelectMany(project => Directory.EnumerateFiles(project, "*.cs", SearchOption.AllDirectories))
            .Where(file => !file.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !file.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    private static string StripComment(string line) => line.Split("//", 2)[0];

    private static string Root([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", ".."));

    // "Console." not preceded by a letter, digit or dot-less identifier part: SystemConsole, TerminalConsole, IToolConsole
    // and a local named console do not match; "System.Console." does.
    [GeneratedRegex(@"(?<![A-Za-z0-9_])Console\.(Out|Error|In|Write|WriteLine|Read|ReadLine|ReadKey|Set\w+|Is\w+|Window\w+|Buffer\w+|Cursor\w+|Clear|Beep|OpenStandard\w+)\b")]
    private static partial Regex GlobalConsole();
}
