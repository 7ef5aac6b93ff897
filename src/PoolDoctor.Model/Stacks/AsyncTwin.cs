namespace PoolDoctor.Model.Stacks;

/// <summary>
/// Whether <see cref="Api"/> has an asynchronous twin, as the metadata of its declaring type says: <see cref="Twin"/>
/// is its name, or null when the type declares none (so the advice must not offer one).
/// </summary>
public sealed record AsyncTwin(string Api, string? Twin);
