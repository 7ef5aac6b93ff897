using System.CommandLine;
using PoolDoctor.Collect.Dumps;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// A core dump's kind: `dump --type` and `watch --dump`, one parse and one message. Typed, with no default factory: the
/// help would print an enum's default capitalised; `dump` says `[default: full]` in its description instead.
/// </summary>
internal static class DumpKindOption
{
    public static Option<DumpKind?> Create(string name, string description) => new(name)
    {
        HelpName = "mini|heap|full|triage",
        Description = description,
        CustomParser = result =>
        {
            if (result.Tokens.Count == 0)
            {
                return null;
            }
            var text = result.Tokens[0].Value;
            DumpKind? kind = text.Trim().ToLowerInvariant() switch
            {
                "mini" => DumpKind.Mini,
                "heap" => DumpKind.Heap,
                "full" => DumpKind.Full,
                "triage" => DumpKind.Triage,
                _ => null,
            };
            if (kind is null)
            {
                result.AddError($"{name}: '{text}' is not one of mini, heap, full, triage");
            }
            return kind;
        },
    };
}
