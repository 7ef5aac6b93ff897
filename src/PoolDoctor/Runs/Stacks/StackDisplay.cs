namespace PoolDoctor.Runs.Stacks;

internal sealed record StackDisplay(bool All, bool Raw, IReadOnlyList<string> UserCodePrefixes, StackFormat Format);
