using System.CommandLine;

namespace PoolDoctor.Cli.Options;

/// <summary>`--user-code PREFIX` (repeatable) of every verb that names culprits: diagnose, watch, stacks, analyze.</summary>
internal static class UserCodeOption
{
    public const string Description =
        "A namespace prefix that is user code (repeatable). Default: the app's own assemblies (by deps.json), else everything outside System.*, Microsoft.* and known libraries.";

    public static Option<string[]> Create(string description = Description) => new("--user-code")
    {
        HelpName = "PREFIX",
        Description = description,
        // One prefix per --user-code: a second word is the command's own argument, never another prefix.
        AllowMultipleArgumentsPerToken = false,
    };
}
