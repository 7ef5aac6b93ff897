using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Sources;

/// <summary>
/// (assembly path, method token, IL offset) → file, line and Source Link URL, from the assembly's portable PDB. It
/// knows nothing of traces, so a live capture, an offline trace and a dump reader share it. With a symbols directory
/// (an offline trace read on another machine), an assembly is looked up there by file name first. What stopped a
/// module from giving lines is kept once per module in <see cref="Problems"/>.
/// </summary>
public sealed class SourceLocator(string? symbolsDirectory = null) : IDisposable
{
    private readonly Dictionary<string, ModuleSymbols> _modules = new(StringComparer.Ordinal);

    /// <summary>One line per module that gave no lines, saying why (no PDB, a PDB of another build, ...).</summary>
    public IReadOnlyList<string> Problems => [.. _modules.Values.Select(m => m.Problem).OfType<string>().Distinct(StringComparer.Ordinal)];

    /// <param name="returnAddress">True for every frame but a stack's leaf: its address is where the call returns to.</param>
    public SourceLocation? Locate(string assemblyPath, int methodToken, int ilOffset, bool returnAddress = true) =>
        Module(assemblyPath)?.Locate(methodToken, ilOffset, returnAddress);

    /// <summary>Opens the assembly's PDB now, so <see cref="Problems"/> says what it lacks even when no frame of it is located.</summary>
    public void Check(string assemblyPath) => Module(assemblyPath);

    /// <summary>A document's text embedded in the assembly's PDB, when the build embedded it; else null.</summary>
    public string? EmbeddedText(string assemblyPath, string file) => Module(assemblyPath)?.EmbeddedText(file);

    /// <summary>The Source Link URL of a line of a document this assembly's PDB names; null without Source Link.</summary>
    public string? UrlOf(string assemblyPath, string file, int line) => Module(assemblyPath)?.UrlOf(file, line);

    /// <summary>Where the assembly is read from: the symbols directory's copy when there is one, else its own path.</summary>
    public string? Resolve(string assemblyPath)
    {
        if (string.IsNullOrWhiteSpace(assemblyPath))
        {
            return null;
        }
        if (symbolsDirectory is not null)
        {
            // Paths recorded on another OS use the other separator.
            var name = assemblyPath[(assemblyPath.LastIndexOfAny(['/', '\\']) + 1)..];
            var local = Path.Combine(symbolsDirectory, name);
            if (File.Exists(local))
            {
                return local;
            }
            // The runtime's rundown sometimes spells paths in lower case; the file system here may not ignore case.
            var match = Directory.EnumerateFiles(symbolsDirectory)
                .FirstOrDefault(f => string.Equals(Path.GetFileName(f), name, StringComparison.OrdinalIgnoreCase));
            if (match is not null)
            {
                return match;
            }
        }
        return File.Exists(assemblyPath) ? assemblyPath : null;
    }

    public void Dispose()
    {
        foreach (var module in _modules.Values)
        {
            module.Dispose();
        }
        _modules.Clear();
    }

    private ModuleSymbols? Module(string assemblyPath)
    {
        if (Resolve(assemblyPath) is not { } path)
        {
            return null;
        }
        if (!_modules.TryGetValue(path, out var module))
        {
            module = new ModuleSymbols(path);
            _modules[path] = module;
        }
        return module;
    }
}
