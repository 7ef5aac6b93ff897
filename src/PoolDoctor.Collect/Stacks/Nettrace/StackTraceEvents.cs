using System.Buffers.Binary;
using System.Runtime.InteropServices;

namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// The sink a stacks capture reads with: keeps the events <see cref="RuntimeEvents"/> classifies, in time order, and
/// feeds the method, module and IL-map events (JIT and rundown) to the <see cref="CodeMap"/> that resolves stacks.
/// Payload layouts of the runtime's events are fixed by id (its native events describe no fields); the others are
/// read by the names their metadata gives. With a <see cref="StackAggregation"/> each classified event goes to it as
/// it arrives and none is kept (the stack reader's bounded path); without one, the events are kept in
/// <see cref="Rows"/> (tests and benches that look at them).
/// </summary>
internal sealed class StackTraceEvents(StackTable stacks, StackAggregation? aggregation = null) : INettraceSink
{
    internal const string RundownProvider = "Microsoft-Windows-DotNETRuntimeRundown";

    // Microsoft-Windows-DotNETRuntime
    private const int MethodDCStartVerboseV2 = 139;
    private const int MethodDCStopVerboseV2 = 140;
    private const int MethodLoadVerbose = 143;
    private const int MethodUnloadVerbose = 144;
    private const int MethodILToNativeMap = 190;
    private const int ModuleDCStopV2 = 150;
    private const int ModuleLoad = 152;
    private const int ModuleUnload = 153;

    // Microsoft-Windows-DotNETRuntimeRundown
    private const int RundownMethodDCStartVerbose = 143;
    private const int RundownMethodDCEndVerbose = 144;
    private const int RundownILToNativeMapDCEnd = 150;
    private const int RundownModuleDCStart = 153;
    private const int RundownModuleDCEnd = 154;

    private const int JittedFlag = 0x8;

    // The DiagnosticSource bridge's events whose payload is (SourceName, EventName, Arguments as key/value pairs).
    private static readonly HashSet<string> BridgeEvents =
        ["Event", "Activity1Start", "Activity1Stop", "Activity2Start", "Activity2Stop", "RecursiveActivity1Start", "RecursiveActivity1Stop"];

    private readonly List<TraceRow> _rows = [];
    private TraceHeader? _header;
    private long _lastTimestamp = long.MinValue;

    public CodeMap Code { get; } = new();

    public StackTable Stacks => stacks;

    /// <summary>The classified events, in time order; empty when they went to a <see cref="StackAggregation"/>.</summary>
    public IReadOnlyList<TraceRow> Rows => _rows;

    /// <summary>The classified events seen (kept or aggregated).</summary>
    public long EventCount { get; private set; }

    public TraceHeader Header => _header ?? throw new NettraceFormatException("the trace has no Trace object");

    /// <summary>The last event's time, in milliseconds since the session start (0 without events).</summary>
    public double EndMSec => _header is null || _lastTimestamp == long.MinValue ? 0 : _header.RelativeMSec(_lastTimestamp);

    public void OnHeader(TraceHeader header) => _header = header;

    public void OnEvent(in EventHeader header, EventMetadata metadata, ReadOnlySpan<byte> payload)
    {
        _lastTimestamp = Math.Max(_lastTimestamp, header.Timestamp);
        var provider = metadata.Provider;
        var id = metadata.EventId;
        var rundown = provider == RundownProvider;
        var runtime = provider == StackSessionProviders.Runtime;
        if (rundown)
        {
            Rundown(id, payload, metadata.Version);
            return; // the runtime writes stacks on these bookkeeping events that say nothing; TraceLog drops them too
        }
        if (runtime && Runtime(id, payload, metadata.Version))
        {
            return;
        }
        Code.Saw(header.Stack, stacks);
        var kind = RuntimeEvents.Classify(provider, id);
        if (kind == RuntimeEventKind.Other)
        {
            return;
        }
        var row = new TraceRow(kind, unchecked((int)header.ThreadId), _header!.RelativeMSec(header.Timestamp), header.Stack);
        row = kind switch
        {
            RuntimeEventKind.TaskWaitBegin => row with { Behavior = Int32Field(metadata, payload, "Behavior") },
            RuntimeEventKind.AspNetCore => row with { Bridged = Bridged(metadata, payload) },
            _ => row,
        };
        EventCount++;
        if (aggregation is not null)
        {
            aggregation.Add(row);
        }
        else
        {
            _rows.Add(row);
        }
    }

    /// <summary>True for the runtime's method and module events (bookkeeping, no stack kept).</summary>
    private bool Runtime(int id, ReadOnlySpan<byte> payload, int version)
    {
        switch (id)
        {
            case MethodLoadVerbose or MethodDCStartVerboseV2:
                Code.MethodLoaded(Method(payload));
                return true;
            case MethodUnloadVerbose or MethodDCStopVerboseV2:
                Code.MethodUnloaded(Method(payload));
                return true;
            case 141 or 142:
                return true;
            case MethodILToNativeMap:
                ILMap(payload);
                return true;
            case ModuleLoad or ModuleUnload or ModuleDCStopV2:
                Module(payload, version);
                return false;
            default:
                return false;
        }
    }

    private void Rundown(int id, ReadOnlySpan<byte> payload, int version)
    {
        switch (id)
        {
            case RundownMethodDCStartVerbose:
                Code.MethodLoaded(Method(payload));
                break;
            case RundownMethodDCEndVerbose:
                Code.MethodUnloaded(Method(payload));
                break;
            case RundownILToNativeMapDCEnd:
                ILMap(payload);
                break;
            case RundownModuleDCStart or RundownModuleDCEnd:
                Module(payload, version);
                break;
        }
    }

    private static MethodEvent Method(ReadOnlySpan<byte> payload)
    {
        var reader = new ByteReader(payload, 0);
        var methodId = reader.I64();
        var moduleId = reader.I64();
        var start = reader.U64();
        var size = reader.I32();
        var token = reader.I32();
        var flags = reader.I32();
        var ns = reader.Utf16Z();
        var name = reader.Utf16Z();
        var signature = reader.Utf16Z();
        var open = signature.IndexOf('(', StringComparison.Ordinal);
        var fullName = ns + "." + name + (open >= 0 ? signature[open..] : string.Empty);
        return new MethodEvent(methodId, moduleId, start, size, token, (flags & JittedFlag) != 0, fullName);
    }

    private void ILMap(ReadOnlySpan<byte> payload)
    {
        var reader = new ByteReader(payload, 0);
        var methodId = reader.I64();
        reader.Skip(9); // ReJITID, MethodExtent
        var count = Math.Max(0, (int)reader.I16());
        var il = MemoryMarshal.Cast<byte, int>(reader.Take(count * 4));
        var native = MemoryMarshal.Cast<byte, int>(reader.Take(count * 4));
        Code.ILMap(methodId, new ILToNativeMap(il, native));
    }

    private void Module(ReadOnlySpan<byte> payload, int version)
    {
        var reader = new ByteReader(payload, 0);
        var moduleId = reader.I64();
        reader.Skip(16); // AssemblyID, ModuleFlags, reserved
        var ilPath = reader.Utf16Z();
        var nativePath = reader.Utf16Z();
        var pdb = Guid.Empty;
        if (version >= 2 && reader.Remaining >= 18)
        {
            reader.Skip(2); // ClrInstanceID
            pdb = reader.Guid();
        }
        Code.Module(moduleId, ilPath, nativePath, pdb);
    }

    private static int? Int32Field(EventMetadata metadata, ReadOnlySpan<byte> payload, string name) =>
        metadata.OffsetOf(name) is { } offset && offset + 4 <= payload.Length
            ? BinaryPrimitives.ReadInt32LittleEndian(payload[offset..])
            : null;

    private static AspNetCoreEventPayload? Bridged(EventMetadata metadata, ReadOnlySpan<byte> payload)
    {
        if (!BridgeEvents.Contains(metadata.EventName))
        {
            return null;
        }
        var reader = new ByteReader(payload, 0);
        if (reader.Utf16Z() != AspNetCoreEvents.ListenerName)
        {
            return null;
        }
        var eventName = reader.Utf16Z();
        var count = reader.U16();
        var fields = new Dictionary<string, string>(StringComparer.Ordinal);
        for (var i = 0; i < count; i++)
        {
            var key = reader.Utf16Z();
            fields[key] = reader.Utf16Z();
        }
        return new AspNetCoreEventPayload(eventName, fields);
    }
}
