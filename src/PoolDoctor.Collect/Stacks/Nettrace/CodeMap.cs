namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// Which method (and module) each code address in the trace's stacks belongs to, from the JIT and rundown events.
/// The rules follow TraceLog's, so names and lines match what the tool gave before: an address is claimed by the
/// first method event covering it that comes after the address was seen (unload and rundown events, in stream
/// order), else by the first JIT load covering it; a jitted method takes the newest unclaimed IL map of its method
/// id when it claims an address.
/// </summary>
internal sealed class CodeMap
{
    private readonly SortedSet<ulong> _unresolved = [];
    private readonly Dictionary<ulong, int> _methodOf = [];
    private readonly List<TracedMethod> _methods = [];
    private readonly List<MethodEvent> _loads = [];
    private readonly Dictionary<long, Stack<ILToNativeMap>> _maps = [];
    private readonly Dictionary<long, TracedModule> _modulesById = [];
    private readonly Dictionary<string, TracedModule> _modulesByPath = new(StringComparer.OrdinalIgnoreCase);
    private readonly List<TracedModule> _modules = [];
    private readonly HashSet<int> _seenStacks = [];

    /// <summary>Every module file the trace named, in the order TraceLog lists them.</summary>
    public IReadOnlyList<TracedModule> Modules => _modules;

    /// <summary>A stack an event carried: its addresses wait for a method event to claim them.</summary>
    public void Saw(int stack, StackTable stacks)
    {
        if (stack == StackTable.None || !_seenStacks.Add(stack))
        {
            return;
        }
        foreach (var address in stacks[stack])
        {
            if (!_methodOf.ContainsKey(address))
            {
                _unresolved.Add(address);
            }
        }
    }

    public void MethodUnloaded(MethodEvent method) => Claim(method);

    public void MethodLoaded(MethodEvent method)
    {
        if (method.IsJitted)
        {
            // TraceLog files the method under its module at once, creating the module (still unnamed) if no module
            // event came yet; that decides how the module's path is spelled (see File).
            ModuleOf(method.ModuleId);
            _loads.Add(method);
        }
    }

    public void ILMap(long methodId, ILToNativeMap map)
    {
        if (!_maps.TryGetValue(methodId, out var maps))
        {
            maps = new Stack<ILToNativeMap>();
            _maps[methodId] = maps;
        }
        maps.Push(map);
    }

    public void Module(long moduleId, string ilPath, string nativePath, Guid pdbSignature)
    {
        if (ilPath == nativePath)
        {
            // An NGEN image logged as its own IL image: the IL file is the one without ".ni".
            var ni = ilPath.LastIndexOf(".ni.", StringComparison.OrdinalIgnoreCase);
            if (ni >= 0 && ni >= ilPath.Length - 8)
            {
                ilPath = ilPath[..ni] + ilPath[(ni + 3)..];
            }
        }
        if (!_modulesById.TryGetValue(moduleId, out var module))
        {
            module = File(ilPath);
            _modulesById[moduleId] = module;
        }
        else if (module.Path is null)
        {
            // A module its methods named first keeps the path's spelling (TraceLog does the same).
            module.Path = ilPath;
            _modulesByPath[ilPath] = module;
        }
        if (module.PdbSignature == Guid.Empty)
        {
            module.PdbSignature = pdbSignature;
        }
    }

    /// <summary>The trace is over: JIT loads claim what unload and rundown events did not.</summary>
    public void Finish()
    {
        foreach (var load in _loads)
        {
            Claim(load);
        }
        _loads.Clear();
    }

    public TracedMethod? MethodAt(ulong address) => _methodOf.TryGetValue(address, out var method) ? _methods[method] : null;

    private void Claim(MethodEvent method)
    {
        if (method.Size <= 0 || _unresolved.Count == 0)
        {
            return;
        }
        var end = method.Start + (ulong)method.Size - 1;
        if (end < method.Start)
        {
            return;
        }
        var claimed = _unresolved.GetViewBetween(method.Start, end);
        if (claimed.Count == 0)
        {
            return;
        }
        var map = method.IsJitted && _maps.TryGetValue(method.MethodId, out var maps) && maps.TryPop(out var newest) ? newest : null;
        if (map is not null)
        {
            map.Start = method.Start;
            map.Length = method.Size;
        }
        var index = _methods.Count;
        _methods.Add(new TracedMethod(method.FullName, ModuleOf(method.ModuleId), method.Token, map));
        foreach (var address in claimed.ToArray())
        {
            _methodOf[address] = index;
            _unresolved.Remove(address);
        }
    }

    private TracedModule ModuleOf(long moduleId)
    {
        if (!_modulesById.TryGetValue(moduleId, out var module))
        {
            // Named later, when its module event comes (rundown lists a module after its methods).
            module = new TracedModule();
            _modules.Add(module);
            _modulesById[moduleId] = module;
        }
        return module;
    }

    /// <summary>
    /// Keep each module path as the runtime spelled it. A census session runs from the process's start, so module
    /// events come before any method names the module, and a lowercased path would be another file on Linux: no PDB
    /// (no lines), no deps.json (no origin).
    /// </summary>
    public bool KeepPathSpelling { get; set; }

    private TracedModule File(string path)
    {
        if (KeepPathSpelling && !_modulesByPath.ContainsKey(path))
        {
            var spelled = new TracedModule { Path = path };
            _modules.Add(spelled);
            _modulesByPath[path] = spelled;
            return spelled;
        }
        if (!_modulesByPath.TryGetValue(path, out var module))
        {
            // TraceLog lowercases the path of a module file it creates from a module event; names and paths keep
            // its spelling so that reports stay as they were (ModuleOriginReader finds such paths ignoring case).
            module = new TracedModule { Path = path.ToLowerInvariant() };
            _modules.Add(module);
            _modulesByPath[path] = module;
        }
        return module;
    }
}
