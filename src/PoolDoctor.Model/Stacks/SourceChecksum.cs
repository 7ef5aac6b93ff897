namespace PoolDoctor.Model.Stacks;

/// <summary>
/// The checksum the compiler recorded for a source document in the PDB: the algorithm (<c>sha256</c>, <c>sha1</c>) and
/// the hash of the file's bytes as it read them, in lower-case hex. `fix` compares it with the file it is about to
/// rewrite, so it never rewrites lines of another build.
/// </summary>
public sealed record SourceChecksum(string Algorithm, string Hex);
