using PoolDoctor.Cli;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Runs.Stacks;

/// <summary>Writes a stack report to stdout in the chosen format.</summary>
internal static class StackOutput
{
    public static void Write(IToolConsole console, StackReport report, StackFormat format)
    {
        switch (format)
        {
            case StackFormat.Json:
                console.Out.WriteLine(Utf8(stream => StackJsonWriter.Write(report, stream)));
                break;
            case StackFormat.Speedscope:
                console.Out.WriteLine(Utf8(stream => SpeedscopeWriter.Write(report, stream)));
                break;
            case StackFormat.Html:
                console.Out.Write(StackHtmlWriter.Write(report));
                break;
            default:
                StackTextWriter.Write(report, console.Out);
                break;
        }
    }

    // The writers produce UTF-8 bytes; the console takes text (a test's console is a StringWriter).
    private static string Utf8(Action<Stream> write)
    {
        using var buffer = new MemoryStream();
        write(buffer);
        return System.Text.Encoding.UTF8.GetString(buffer.GetBuffer(), 0, (int)buffer.Length);
    }
}
