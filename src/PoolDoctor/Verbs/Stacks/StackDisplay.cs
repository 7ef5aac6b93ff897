namespace PoolDoctor.Cli.Stacks;

internal sealed record StackDisplay(bool All, bool Raw, IReadOnlyList<string> UserCodePrefixes, StackFormat Format);
