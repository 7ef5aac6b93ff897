using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Cli.Stacks;

/// <summary>Writes a stack report to stdout in the chosen format.</summary>
internal static class StackOutput
{
    public static void Write(StackReport report, StackFormat format)
    {
        switch (format)
        {
            case StackFormat.Json:
                using (var stdout = Console.OpenStandardOutput())
                {
                    StackJsonWriter.Write(report, stdout);
                    stdout.WriteByte((byte)'\n');
                }
                break;
            case StackFormat.Speedscope:
                using (var stdout = Console.OpenStandardOutput())
                {
                    SpeedscopeWriter.Write(report, stdout);
                    stdout.WriteByte((byte)'\n');
                }
                break;
            case StackFormat.Html:
                Console.Out.Write(StackHtmlWriter.Write(report));
                break;
            default:
                StackTextWriter.Write(report, Console.Out);
                break;
        }
    }
}
