using System.Runtime.InteropServices;
using Microsoft.Diagnostics.Runtime;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// ClrMD's live Linux reader, made safe for a target that may exit while it is read. The runtime's DAC reads memory
/// through a native callback into the reader; when the target is gone, ClrMD's reader throws ("The process has exited")
/// inside that callback, and an exception leaving a native callback ends the whole tool (CI, 2026-11-28: exit 134
/// while the SDK's host exited during the read). Here every call that can cross that boundary answers "nothing read"
/// instead, so the DAC fails the request with an error code and ClrMD raises it on the managed side, where
/// <see cref="LivePoolLimits"/> catches it and says why there is no reading.
/// </summary>
internal sealed class ExitTolerantReader(IDataReader inner) : IDataReader
{
    /// <summary>How many calls failed because the target went away (or could not be read) and answered nothing.</summary>
    public int Failures { get; private set; }

    public string DisplayName => inner.DisplayName;

    public bool IsThreadSafe => inner.IsThreadSafe;

    public OSPlatform TargetPlatform => inner.TargetPlatform;

    public Architecture Architecture => inner.Architecture;

    public int ProcessId => inner.ProcessId;

    public int PointerSize => inner.PointerSize;

    public IEnumerable<ModuleInfo> EnumerateModules() => inner.EnumerateModules();

    public void FlushCachedData() => inner.FlushCachedData();

    public bool GetThreadContext(uint threadID, uint contextFlags, Span<byte> context)
    {
        try
        {
            return inner.GetThreadContext(threadID, contextFlags, context);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            Failures++;
            return false;
        }
    }

    public int Read(ulong address, Span<byte> buffer)
    {
        try
        {
            return inner.Read(address, buffer);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            Failures++;
            return 0;
        }
    }

    public bool Read<T>(ulong address, out T value) where T : unmanaged
    {
        value = default;
        var bytes = MemoryMarshal.AsBytes(new Span<T>(ref value));
        return Read(address, bytes) == bytes.Length;
    }

    public T Read<T>(ulong address) where T : unmanaged => Read(address, out T value) ? value : default;

    public bool ReadPointer(ulong address, out ulong value)
    {
        if (PointerSize == 4)
        {
            var read = Read(address, out uint narrow);
            value = narrow;
            return read;
        }
        return Read(address, out value);
    }

    public ulong ReadPointer(ulong address) => ReadPointer(address, out var value) ? value : 0;
}
