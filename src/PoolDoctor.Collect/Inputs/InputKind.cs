namespace PoolDoctor.Collect.Inputs;

/// <summary>What a recorded input is, by its first bytes, never by its name.</summary>
public enum InputKind
{
    /// <summary>Starts with "Nettrace".</summary>
    Nettrace,

    /// <summary>Starts with the gzip magic (1F 8B): a compressed trace.</summary>
    Gzip,

    /// <summary>Starts with the ELF magic: a core dump, or an executable given by mistake.</summary>
    Elf,

    /// <summary>Anything else.</summary>
    Other,
}
