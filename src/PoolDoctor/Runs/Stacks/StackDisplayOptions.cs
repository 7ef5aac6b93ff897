using System.CommandLine;
using PoolDoctor.Cli.Options;

namespace PoolDoctor.Runs.Stacks;

/// <summary>The display options `stacks` and `analyze` share, so a live capture and a file read the same.</summary>
internal sealed class StackDisplayOptions
{
    public Option<bool> All { get; } = new("--all") { Description = "Also show threads that are not thread-pool threads." };

    public Option<bool> Raw { get; } = new("--raw") { Description = "Print each thread's own stacks, ungrouped." };

    public Option<string[]> UserCode { get; } = UserCodeOption.Create();

    public Option<StackFormat> Format { get; } = FormatOption.Create<StackFormat>(
        "text (default), json, speedscope (a file https://www.speedscope.app opens; redirect stdout to save it), or html (a script-free page with the flame graph).");

    public void AddTo(Command command)
    {
        command.Options.Add(All);
        command.Options.Add(Raw);
        command.Options.Add(UserCode);
        command.Options.Add(Format);
    }

    public StackDisplay Read(ParseResult parse) =>
        new(parse.GetValue(All), parse.GetValue(Raw), parse.GetValue(UserCode) ?? [], parse.GetValue(Format));
}
