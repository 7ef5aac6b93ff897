using Microsoft.Diagnostics.Runtime;
using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// Reads a Linux core dump of a .NET process with ClrMD into the same <see cref="StackSnapshot"/> a live capture gives:
/// every managed thread's stack leaf first (module, method, token, IL offset), the loaded modules with their origin and
/// the app's call graph; plus the thread pool's state. A dump is one instant, so each thread's stack counts once.
/// </summary>
public static class DumpStackReader
{
    // A thread deeper than this is in runaway recursion; its top frames say enough.
    private const int MaxFrames = 2000;

    // The runtime's DAC comes from the runtime folder the dump names (this machine's, for a dump taken here); no
    // symbol server is asked, so reading a dump never leaves the machine.
    private static DataTargetOptions Offline => new() { SymbolPaths = [] };

    /// <param name="path">The core dump.</param>
    /// <param name="symbolsDirectory">A folder with the app's assemblies and PDBs, for a dump read away from the folder
    /// the app ran from; its copies stand in for the paths the dump records.</param>
    /// <exception cref="DumpFormatException">Not a core dump, not of a .NET process, or too damaged to read.</exception>
    public static DumpContents Read(string path, string? symbolsDirectory = null)
    {
        if (!File.Exists(path))
        {
            throw new DumpFormatException($"'{path}' does not exist");
        }
        if (!CoreDumpFile.IsElf(path))
        {
            throw new DumpFormatException($"'{path}' is not a core dump (no ELF header)");
        }
        if (new FileInfo(path).Length < 64)
        {
            throw new DumpFormatException($"'{path}' is cut off inside its ELF header");
        }
        if (!CoreDumpFile.IsCoreDump(path))
        {
            throw new DumpFormatException($"'{path}' is an ELF file but not a core dump (an executable or library?)");
        }
        var truncation = Truncation(path);
        DataTarget target;
        try
        {
            target = DataTarget.LoadDump(path, Offline);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            throw new DumpFormatException($"'{path}' is not a readable core dump ({e.GetType().Name}: {OneLine(e.Message)})", e);
        }
        using (target)
        {
            ClrInfo? first;
            try
            {
                // ClrMD reads the core's notes lazily, here: a core without them (no auxv) fails in its own words.
                first = target.ClrVersions.FirstOrDefault();
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                throw new DumpFormatException($"'{path}' is an ELF core file whose notes cannot be read, so no runtime can be found in it ({OneLine(e.Message)})", e);
            }
            var clr = first
                ?? throw new DumpFormatException(truncation is null
                    ? $"'{path}' holds no .NET runtime: a core dump of a non-.NET process"
                    : $"'{path}' {truncation}, and what is left names no .NET runtime");
            ClrRuntime runtime;
            try
            {
                runtime = RuntimeOf(clr);
            }
            catch (DumpFormatException)
            {
                throw;
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                throw new DumpFormatException(truncation is null
                    ? $"'{path}' has .NET {VersionOf(clr)} but its runtime data cannot be read ({e.GetType().Name}: {FirstSentence(e.Message)})"
                    : $"'{path}' {truncation}: the .NET {VersionOf(clr)} runtime's data is in the missing part, no stacks can be read", e);
            }
            using (runtime)
            {
                var warnings = new List<string>();
                if (truncation is not null)
                {
                    warnings.Add($"the dump {truncation}: threads and queues whose memory is missing are left out");
                }
                var stacks = ReadThreads(runtime, warnings);
                var loaded = runtime.EnumerateModules().Where(m => !string.IsNullOrEmpty(m.Name)).ToList();
                using var sources = new SourceLocator(symbolsDirectory);
                var modules = ModuleOriginReader.Classify(loaded.Select(m => new LoadedModule(ModuleName(m.Name!), sources.Resolve(m.Name!) ?? m.Name!)));
                var ran = loaded
                    .GroupBy(m => ModuleName(m.Name!), StringComparer.OrdinalIgnoreCase)
                    .ToDictionary(g => g.Key, g => g.First().Pdb?.Guid ?? Guid.Empty, StringComparer.OrdinalIgnoreCase);
                var otherBuilds = DumpBuilds.Other(ran, modules);
                warnings.AddRange(otherBuilds.Values);
                var snapshot = new StackSnapshot(target.DataReader.ProcessId, 0, stacks, [])
                {
                    Modules = modules,
                    OtherBuildModules = [.. otherBuilds.Keys],
                };
                snapshot = snapshot with
                {
                    CallGraph = NettraceStackReader.WithoutLines(AssemblyCallGraphReader.ReadApp(snapshot.Modules), snapshot.OtherBuildModules),
                    LeafLibraryCallGraph = LeafLibraryGraph.Read(snapshot),
                };
                var pool = DumpThreadPoolReader.Read(runtime, warnings);
                return new DumpContents(snapshot, pool, warnings) { RuntimeVersion = VersionOf(clr) };
            }
        }
    }

    /// <summary>
    /// ClrMD finds the DAC by the runtime's build id, which a heap dump may not hold (the module's image pages are not
    /// in it). The runtime folder the dump names, when this machine has it, holds the DAC of that very runtime (a dump
    /// read where it was taken, or a machine with the same runtime installed), so it is used next.
    /// </summary>
    private static ClrRuntime RuntimeOf(ClrInfo clr)
    {
        try
        {
            return clr.CreateRuntime();
        }
        catch (Exception e) when (e is FileNotFoundException or InvalidOperationException or ClrDiagnosticsException)
        {
            var folder = System.IO.Path.GetDirectoryName(clr.ModuleInfo.FileName);
            var dac = folder is null ? null : System.IO.Path.Combine(folder, "libmscordaccore.so");
            if (dac is null || !File.Exists(dac))
            {
                throw new DumpFormatException(
                    $"the dump's runtime ({clr.ModuleInfo.FileName}) is not on this machine, and its debugging library (libmscordaccore.so) cannot be found offline: read the dump where the same .NET runtime is installed", e);
            }
            return clr.CreateRuntime(dac, ignoreMismatch: true);
        }
    }

    // Without the runtime's image pages ClrMD reads version 0.0; the shared framework folder is named for the version.
    private static string VersionOf(ClrInfo clr) => clr.Version.Major > 0
        ? clr.Version.ToString()
        : System.IO.Path.GetFileName(System.IO.Path.GetDirectoryName(clr.ModuleInfo.FileName)) ?? "?";

    private static List<ThreadStack> ReadThreads(ClrRuntime runtime, List<string> warnings)
    {
        var stacks = new List<ThreadStack>();
        var unreadable = 0;
        var dynamicCode = DynamicCode.Of(runtime);
        foreach (var thread in runtime.Threads)
        {
            if (!thread.IsAlive || thread.OSThreadId == 0)
            {
                continue;
            }
            try
            {
                var frames = Frames(thread, dynamicCode);
                if (frames.Count > 0)
                {
                    stacks.Add(new ThreadStack((int)thread.OSThreadId, frames, 1) { Request = DumpRequests.Of(thread) });
                }
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                unreadable++;
            }
        }
        if (unreadable > 0)
        {
            warnings.Add($"{unreadable} thread(s) had stacks the dump could not give (memory missing from the dump)");
        }
        return [.. stacks.OrderBy(s => s.ThreadId)];
    }

    private static List<StackFrame> Frames(ClrThread thread, DynamicCode dynamicCode)
    {
        var frames = new List<StackFrame>();
        var leaf = true;
        foreach (var frame in thread.EnumerateStackTrace(includeContext: false))
        {
            if (frames.Count >= MaxFrames)
            {
                break;
            }
            // Runtime frames ([GCFrame], [InlinedCallFrame], ...) mark transitions; the sampler's stacks have none.
            if (frame.Kind != ClrStackFrameKind.ManagedMethod)
            {
                continue;
            }
            // Managed code in the runtime's host code heap is a dynamic method (the compiled expression trees that
            // call MVC actions and minimal-API handlers), whether or not the dump holds its descriptor: a full dump
            // names it (lambda_method78) with a type and module of no name, a heap dump cannot name it at all. It is
            // spelled as a live trace spells it, so the analysis treats both alike; it has no IL in any assembly.
            if (dynamicCode.Contains(frame.InstructionPointer))
            {
                frames.Add(new StackFrame(DynamicCode.ModuleName, DynamicCode.Name(frame.Method?.Name)));
                leaf = false;
                continue;
            }
            if (frame.Method is not { Type: not null } method)
            {
                // Anything else the runtime cannot name stays an address, as an unresolved sampled frame does.
                frames.Add(new StackFrame("?", $"0x{frame.InstructionPointer:x}"));
                leaf = false;
                continue;
            }
            // A caller's instruction pointer is its return address, already past the call: step back into it.
            var ip = leaf || frame.InstructionPointer == 0 ? frame.InstructionPointer : frame.InstructionPointer - 1;
            frames.Add(new StackFrame(ModuleName(method.Type?.Module?.Name), DumpFrameNames.Method(method.Type?.Name, method.Name))
            {
                MethodToken = method.MetadataToken == 0 ? null : method.MetadataToken,
                IlOffset = IlOffsetAt(method, ip),
            });
            leaf = false;
        }
        return frames;
    }

    /// <summary>
    /// The IL offset of an address, from the IL-to-native map of the code the address is in; null when the map ClrMD
    /// reads is another code version's. The runtime's data access gives the map of a method's first code (tier 0), not
    /// of the tier-1 code a warmed process runs (microsoft/clrmd#1171), and ClrMD then answers an offset of that other
    /// code (0 for most): a statement the frame was never in. Unknown is the truth there.
    /// </summary>
    internal static int? IlOffsetAt(ClrMethod method, ulong ip)
    {
        var map = method.ILOffsetMap;
        if (map.IsDefaultOrEmpty || !map.Any(e => e.StartAddress <= ip && ip <= e.EndAddress))
        {
            return null;
        }
        var il = method.GetILOffset(ip);
        return il >= 0 ? il : null;
    }

    private static string ModuleName(string? path) =>
        string.IsNullOrEmpty(path) ? "?" : System.IO.Path.GetFileNameWithoutExtension(path.Replace('\\', '/').Split('/')[^1]);

    private static string? Truncation(string path)
    {
        var declared = CoreDumpFile.DeclaredLength(path);
        var actual = new FileInfo(path).Length;
        return declared is { } whole && actual < whole
            ? $"is truncated ({actual / 1048576.0:F1} MB of the {whole / 1048576.0:F1} MB its headers describe)"
            : null;
    }

    private static string FirstSentence(string text)
    {
        var line = OneLine(text);
        var stop = line.IndexOf(". ", StringComparison.Ordinal);
        return stop > 0 ? line[..stop] : line;
    }

    internal static string OneLine(string text) =>
        string.Join(' ', text.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
}
