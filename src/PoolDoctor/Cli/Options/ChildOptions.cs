using System.CommandLine;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// `--child NAME` and `--show-child-io` of the verbs that start a command (diagnose, compare, fix --verify): declared
/// here once; each verb says in its description what the child is for.
/// </summary>
internal sealed class ChildOptions(string childDescription, string showChildIoDescription)
{
    public Option<string?> Child { get; } = new("--child") { HelpName = "NAME", Description = childDescription };

    public Option<bool> ShowChildIo { get; } = new("--show-child-io") { Description = showChildIoDescription };

    public void AddTo(Command command)
    {
        command.Options.Add(Child);
        command.Options.Add(ShowChildIo);
    }
}
