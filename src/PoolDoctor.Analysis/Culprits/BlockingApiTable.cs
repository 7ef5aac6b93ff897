using PoolDoctor.Analysis.Rewrite;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// The table of blocking frames. Both the APIs users call (<c>Task.Wait</c>) and the inner frames they go through
/// (<c>SpinThenBlockingWait</c>, <c>ManualResetEventSlim.Wait</c>, <c>Monitor.Wait</c>) are listed; the analyzer
/// takes the recognised frame nearest the user's code, so a <c>ManualResetEventSlim.Wait</c> under a task wait
/// counts as the task wait.
/// </summary>
public static class BlockingApiTable
{
    private const string TaskWait = "Task.Wait";
    private const string TaskResult = "Task.Result";
    private const string GetResult = "GetAwaiter().GetResult()";

    private static readonly Dictionary<string, BlockingApi> Known = Build();

    // Library calls that block by waiting for another thread's work: Lazy<T>.Value with the default
    // ExecutionAndPublication mode parks every caller on a lock while one thread runs the factory. The user calls
    // the wrapper, so it names the blocking; it is one only when a wait primitive sits directly beneath it (the
    // thread running the factory passes through the same frames without waiting).
    private static readonly BlockingApi LazyValue = new(BlockingKind.Lock, "Lazy<T>.Value");
    private static readonly Dictionary<string, BlockingApi> Wrappers = new(StringComparer.Ordinal)
    {
        ["System.Lazy.CreateValue"] = LazyValue,
        ["System.Lazy.ExecutionAndPublication"] = LazyValue,
        ["System.Lazy.get_Value"] = LazyValue,
    };

    // Only the drivers' public ADO.NET surface: an internal helper that happens to be called Read is not an API call.
    private static readonly string[] DriverTypeSuffixes =
        ["Command", "Connection", "DataReader", "DataSource", "Transaction", "Batch", "SqlMapper"];

    /// <summary>The blocking API a frame is, or null when it is not in the table.</summary>
    public static BlockingApi? Classify(FrameName frame)
    {
        if (frame.Flavor != FrameFlavor.Method)
        {
            return null; // state machines and lambdas are bodies of code, not blocking calls
        }
        if (Known.TryGetValue(ThreadPoolFrames.Key(frame), out var api))
        {
            return api;
        }
        if (IsDriverVerb(frame))
        {
            return new BlockingApi(BlockingKind.SyncIO, frame.Owner, IsDriverCall: true);
        }
        return null;
    }

    /// <summary>
    /// The driver call whose shared async body this frame runs (<c>NpgsqlCommand.ExecuteScalar (async)</c>): drivers
    /// implement <c>ExecuteScalar()</c> and <c>ExecuteScalarAsync()</c> as one async method, and tier-1 code inlines the
    /// thin sync wrapper into its caller, leaving only the body. Which of the two the caller made, only its IL says.
    /// </summary>
    public static BlockingApi? DriverBody(FrameName frame) =>
        frame.IsStateMachine && IsDriverVerb(frame) ? new BlockingApi(BlockingKind.SyncIO, frame.Owner, IsDriverCall: true) : null;

    private static bool IsDriverVerb(FrameName frame) =>
        AsyncRewriteRules.DriverVerbs.Contains(frame.Method)
        && frame.Types.Count > 0
        && DriverTypeSuffixes.Any(suffix => frame.Types[^1].EndsWith(suffix, StringComparison.Ordinal))
        && KnownLibraries.IsDriver(frame.TypeFullName);

    /// <summary>The user-facing API of a library frame that waits for another thread through the blocking frame beneath it.</summary>
    public static BlockingApi? Wrapper(FrameName frame) =>
        frame.Flavor == FrameFlavor.Method && Wrappers.TryGetValue(ThreadPoolFrames.Key(frame), out var api) ? api : null;

    /// <summary>
    /// The blocking API an IL call target is (<c>System.Threading.Tasks.Task</c>, <c>get_Result</c> is
    /// <c>Task.Result</c>), by the same table as stack frames; null when it is not in the table.
    /// </summary>
    /// <param name="typeFullName">The declaring type, nested types joined by dots, generic arity stripped.</param>
    /// <param name="method">The metadata name, e.g. <c>get_Result</c>, <c>GetResult</c>, <c>Sleep</c>.</param>
    public static BlockingApi? ClassifyCall(string typeFullName, string method)
    {
        if (string.IsNullOrEmpty(typeFullName) || string.IsNullOrEmpty(method))
        {
            return null;
        }
        var frame = FrameNameParser.Parse(typeFullName + "." + method);
        return Classify(frame) ?? Wrapper(frame);
    }

    private static Dictionary<string, BlockingApi> Build()
    {
        var table = new Dictionary<string, BlockingApi>(StringComparer.Ordinal);
        void Add(BlockingKind kind, string api, string type, params string[] methods)
        {
            foreach (var method in methods)
            {
                table[type + "." + method] = new BlockingApi(kind, api);
            }
        }
        void AddEach(BlockingKind kind, string shortType, string type, params string[] methods)
        {
            foreach (var method in methods)
            {
                table[type + "." + method] = new BlockingApi(kind, shortType + "." + method);
            }
        }

        const string Tasks = "System.Threading.Tasks.Task";
        Add(BlockingKind.SyncOverAsync, TaskResult, Tasks, "get_Result", "GetResultCore");
        Add(BlockingKind.SyncOverAsync, TaskWait, Tasks, "Wait", "InternalWait", "InternalWaitCore", "SpinThenBlockingWait", "SpinWait");
        Add(BlockingKind.SyncOverAsync, "Task.WaitAll", Tasks, "WaitAll", "WaitAllCore", "WaitAllBlockingCore");
        Add(BlockingKind.SyncOverAsync, "Task.WaitAny", Tasks, "WaitAny", "WaitAnyCore");
        Add(BlockingKind.SyncOverAsync, "ValueTask.Result", "System.Threading.Tasks.ValueTask", "get_Result");
        Add(BlockingKind.SyncOverAsync, GetResult, "System.Runtime.CompilerServices.TaskAwaiter",
            "GetResult", "HandleNonSuccessAndDebuggerNotification", "ValidateEnd");
        Add(BlockingKind.SyncOverAsync, GetResult, "System.Runtime.CompilerServices.ConfiguredTaskAwaitable.ConfiguredTaskAwaiter", "GetResult");
        Add(BlockingKind.SyncOverAsync, GetResult, "System.Runtime.CompilerServices.ValueTaskAwaiter", "GetResult");
        Add(BlockingKind.SyncOverAsync, GetResult, "System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable.ConfiguredValueTaskAwaiter", "GetResult");

        Add(BlockingKind.Sleep, "Thread.Sleep", "System.Threading.Thread", "Sleep", "SleepInternal");

        Add(BlockingKind.Lock, "Monitor.Enter", "System.Threading.Monitor", "Enter", "ReliableEnter", "ReliableEnterTimeout", "TryEnter", "EnterSlow",
            // Monitor.Enter itself is often inlined into its caller, leaving only the slow path on the stack.
            "Enter_Slowpath", "TryEnter_Slowpath");
        Add(BlockingKind.Lock, "Lock.Enter", "System.Threading.Lock",
            "Enter", "EnterScope", "EnterAndGetCurrentThreadId", "TryEnterSlow", "TryEnter", "Wait");
        AddEach(BlockingKind.Lock, "ReaderWriterLockSlim", "System.Threading.ReaderWriterLockSlim",
            "EnterReadLock", "EnterWriteLock", "EnterUpgradeableReadLock", "TryEnterReadLock", "TryEnterWriteLock", "TryEnterUpgradeableReadLock");

        Add(BlockingKind.SyncWait, "SemaphoreSlim.Wait", "System.Threading.SemaphoreSlim", "Wait", "WaitCore", "WaitUntilCountOrTimeout");
        Add(BlockingKind.SyncWait, "ManualResetEventSlim.Wait", "System.Threading.ManualResetEventSlim", "Wait");
        Add(BlockingKind.SyncWait, "Monitor.Wait", "System.Threading.Monitor", "Wait", "ObjWait");
        Add(BlockingKind.SyncWait, "WaitHandle.WaitOne", "System.Threading.WaitHandle", "WaitOne", "WaitOneNoCheck", "WaitOneCore");
        Add(BlockingKind.SyncWait, "WaitHandle.WaitAny", "System.Threading.WaitHandle", "WaitAny");
        Add(BlockingKind.SyncWait, "WaitHandle.WaitAll", "System.Threading.WaitHandle", "WaitAll");
        Add(BlockingKind.SyncWait, "WaitHandle.WaitOne", "System.Threading.WaitSubsystem", "Wait");
        Add(BlockingKind.SyncWait, "CountdownEvent.Wait", "System.Threading.CountdownEvent", "Wait");
        Add(BlockingKind.SyncWait, "Barrier.SignalAndWait", "System.Threading.Barrier", "SignalAndWait");
        Add(BlockingKind.SyncWait, "Thread.Join", "System.Threading.Thread", "Join");
        Add(BlockingKind.SyncWait, "BlockingCollection.Take", "System.Collections.Concurrent.BlockingCollection", "Take", "TryTake", "TryTakeWithNoTimeValidation");
        Add(BlockingKind.SyncWait, "Process.WaitForExit", "System.Diagnostics.Process", "WaitForExit");

        AddEach(BlockingKind.SyncIO, "Socket", "System.Net.Sockets.Socket",
            "Receive", "Send", "ReceiveFrom", "SendTo", "ReceiveMessageFrom", "Connect", "Accept", "Poll", "Select", "SendFile");
        AddEach(BlockingKind.SyncIO, "NetworkStream", "System.Net.Sockets.NetworkStream", "Read", "Write", "ReadByte", "WriteByte");
        // The Unix socket's synchronous path: tier-1 code inlines Socket.Receive and NetworkStream.Read into their caller,
        // leaving this frame above a ManualResetEventSlim wait (seen on a warmed MySql.Data service, docs/accuracy.md).
        // Its async operations are the *Async methods, so these names are sync I/O whatever calls them.
        Add(BlockingKind.SyncIO, "Socket.Receive", "System.Net.Sockets.SocketAsyncContext", "Receive", "ReceiveFrom", "ReceiveMessageFrom");
        Add(BlockingKind.SyncIO, "Socket.Send", "System.Net.Sockets.SocketAsyncContext", "Send", "SendTo", "SendFile");
        AddEach(BlockingKind.SyncIO, "Socket", "System.Net.Sockets.SocketAsyncContext", "Connect", "Accept");
        AddEach(BlockingKind.SyncIO, "SslStream", "System.Net.Security.SslStream",
            "Read", "Write", "AuthenticateAsClient", "AuthenticateAsServer");
        AddEach(BlockingKind.SyncIO, "FileStream", "System.IO.FileStream", "Read", "Write", "ReadByte", "WriteByte", "Flush");
        AddEach(BlockingKind.SyncIO, "RandomAccess", "System.IO.RandomAccess", "Read", "Write", "ReadAtOffset", "WriteAtOffset");
        AddEach(BlockingKind.SyncIO, "File", "System.IO.File",
            "ReadAllText", "ReadAllBytes", "ReadAllLines", "WriteAllText", "WriteAllBytes", "WriteAllLines", "AppendAllText", "Copy");
        Add(BlockingKind.SyncIO, "HttpClient.Send", "System.Net.Http.HttpClient", "Send");
        Add(BlockingKind.SyncIO, "HttpClient.Send", "System.Net.Http.HttpMessageInvoker", "Send");
        Add(BlockingKind.SyncIO, "HttpWebRequest.GetResponse", "System.Net.HttpWebRequest", "GetResponse");
        AddEach(BlockingKind.SyncIO, "WebClient", "System.Net.WebClient", "DownloadString", "DownloadData", "DownloadFile", "UploadString", "UploadData");
        AddEach(BlockingKind.SyncIO, "Dns", "System.Net.Dns", "GetHostEntry", "GetHostAddresses");
        AddEach(BlockingKind.SyncIO, "Interop.Sys", "Interop.Sys",
            "Read", "Write", "PRead", "PWrite", "ReadV", "WriteV", "Receive", "Send", "ReceiveMessage", "SendMessage",
            "Connect", "Accept", "Poll", "Select", "FSync");
        Add(BlockingKind.SyncIO, "ConnectionMultiplexer.ExecuteSync", "StackExchange.Redis.ConnectionMultiplexer", "ExecuteSyncImpl");
        return table;
    }
}
