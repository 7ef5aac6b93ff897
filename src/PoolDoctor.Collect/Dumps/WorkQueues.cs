using Microsoft.Diagnostics.Runtime;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// Counts the work items waiting in the thread pool's queues by walking them on the dump's heap. A dequeued slot is
/// cleared by the runtime (for reference items), so counting non-null slots counts what is still queued, without
/// interpreting head/tail arithmetic that changes between runtime versions.
/// </summary>
internal static class WorkQueues
{
    // Bounds against a corrupt dump sending the walk in circles.
    private const int MaxSegments = 100_000;

    /// <returns>(global: the global, high-priority and assignable queues; local: every worker's local queue), or nulls
    /// when the runtime's layout is not the one known here.</returns>
    public static (long? Global, long? Local) Count(ClrRuntime runtime)
    {
        var domain = runtime.AppDomains.FirstOrDefault() ?? runtime.SystemDomain;
        var coreLib = runtime.EnumerateModules().FirstOrDefault(m => m.Name?.EndsWith("System.Private.CoreLib.dll", StringComparison.OrdinalIgnoreCase) == true);
        if (domain is null || coreLib is null)
        {
            return (null, null);
        }
        var threadPool = coreLib.GetTypeByName("System.Threading.ThreadPool");
        var queueField = threadPool?.GetStaticFieldByName("s_workQueue");
        if (queueField is null || !queueField.IsInitialized(domain))
        {
            return (null, null);
        }
        var queue = queueField.ReadObject(domain);
        if (queue.IsNull || !queue.IsValid)
        {
            return (null, null);
        }

        long global = 0;
        global += ConcurrentQueueCount(queue.ReadObjectField("workItems"));
        global += ConcurrentQueueCount(queue.ReadObjectField("highPriorityWorkItems"));
        if (queue.TryReadObjectField("_assignableWorkItemQueues", out var assignable) && assignable.IsArray)
        {
            var array = assignable.AsArray();
            for (var i = 0; i < array.Length; i++)
            {
                global += ConcurrentQueueCount(array.GetObjectValue(i));
            }
        }

        long? local = null;
        var list = coreLib.GetTypeByName("System.Threading.ThreadPoolWorkQueue+WorkStealingQueueList");
        // Named s_queues in .NET 9 and later, _queues before.
        var queuesField = list?.GetStaticFieldByName("s_queues") ?? list?.GetStaticFieldByName("_queues");
        if (queuesField is not null && queuesField.IsInitialized(domain) && queuesField.ReadObject(domain) is { IsNull: false, IsArray: true } queues)
        {
            local = 0;
            var array = queues.AsArray();
            for (var i = 0; i < array.Length; i++)
            {
                var stealing = array.GetObjectValue(i);
                if (!stealing.IsNull && stealing.TryReadObjectField("m_array", out var items) && items.IsArray)
                {
                    local += NonNullElements(items);
                }
            }
        }
        return (global, local);
    }

    private static long ConcurrentQueueCount(ClrObject queue)
    {
        if (queue.IsNull || !queue.TryReadObjectField("_head", out var segment))
        {
            return 0;
        }
        long count = 0;
        for (var hops = 0; !segment.IsNull && hops < MaxSegments; hops++)
        {
            if (segment.TryReadObjectField("_slots", out var slots) && slots.IsArray)
            {
                count += NonNullItems(slots);
            }
            if (!segment.TryReadObjectField("_nextSegment", out segment))
            {
                break;
            }
        }
        return count;
    }

    // ConcurrentQueueSegment<object>.Slot is a struct { object Item; int SequenceNumber }.
    private static long NonNullItems(ClrObject slots)
    {
        var type = slots.Type;
        var slotType = type?.ComponentType;
        var item = slotType?.GetFieldByName("Item");
        if (type is null || slotType is null || item is null)
        {
            return 0;
        }
        var array = slots.AsArray();
        long count = 0;
        for (var i = 0; i < array.Length; i++)
        {
            var address = type.GetArrayElementAddress(slots.Address, i);
            if (address != 0 && item.ReadObject(address, interior: true) is { IsNull: false })
            {
                count++;
            }
        }
        return count;
    }

    private static long NonNullElements(ClrObject items)
    {
        var array = items.AsArray();
        long count = 0;
        for (var i = 0; i < array.Length; i++)
        {
            if (!array.GetObjectValue(i).IsNull)
            {
                count++;
            }
        }
        return count;
    }
}
