using System.Text.Json;
using PoolDoctor.Model.Dumps;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// "threadPool": {threads, activeThreads, idleThreads, minThreads, maxThreads, queued, queuedGlobal, queuedLocal};
/// a figure the dump did not give is null.
/// </summary>
public static class ThreadPoolJson
{
    public static void Write(Utf8JsonWriter json, ThreadPoolState pool)
    {
        json.WriteStartObject("threadPool");
        Number(json, "threads", pool.Threads);
        Number(json, "activeThreads", pool.ActiveThreads);
        Number(json, "idleThreads", pool.IdleThreads);
        Number(json, "minThreads", pool.MinThreads);
        Number(json, "maxThreads", pool.MaxThreads);
        Number(json, "queued", pool.Queued);
        Number(json, "queuedGlobal", pool.QueuedGlobal);
        Number(json, "queuedLocal", pool.QueuedLocal);
        json.WriteEndObject();
    }

    private static void Number(Utf8JsonWriter json, string name, long? value)
    {
        if (value is { } v)
        {
            json.WriteNumber(name, v);
        }
        else
        {
            json.WriteNull(name);
        }
    }
}
