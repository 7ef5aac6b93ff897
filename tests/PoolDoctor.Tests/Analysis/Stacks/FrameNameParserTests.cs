using System.Text.RegularExpressions;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Culprits;


namespace PoolDoctor.Tests.Analysis.Stacks;

public class FrameNameParserTests
{
    // Raw names exactly as TraceEvent's TraceLog resolved them from the lab's EventPipe traces.
    [Theory]
    [InlineData("PoolDoctor.Lab.DiagScenarioController+<TaskAsyncWait>d__7.MoveNext()", "DiagScenarioController.TaskAsyncWait (async)")]
    [InlineData("PoolDoctor.Lab.DiagScenarioController+<>c__DisplayClass10_0.<DbTaskRun>b__0()", "lambda in DiagScenarioController.DbTaskRun")]
    [InlineData("PoolDoctor.Lab.DiagScenarioController+<>c.<DbTaskRun>b__5_0()", "lambda in DiagScenarioController.DbTaskRun")]
    [InlineData("PoolDoctor.Lab.DiagScenarioController.TaskWait()", "DiagScenarioController.TaskWait")]
    [InlineData("Npgsql.Internal.NpgsqlReadBuffer.<Ensure>g__EnsureLong|54_0(class Npgsql.Internal.NpgsqlReadBuffer,int32,bool,bool)", "NpgsqlReadBuffer.Ensure.EnsureLong (local function)")]
    [InlineData("Microsoft.AspNetCore.Http.RequestDelegateFactory+<<ExecuteTaskOfString>g__ExecuteAwaited|135_0>d.MoveNext()", "RequestDelegateFactory.ExecuteTaskOfString.ExecuteAwaited (async local function)")]
    [InlineData("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)", "Task<T>.GetResultCore")]
    [InlineData("System.Threading.Tasks.Task`1[System.__Canon].get_Result()", "Task<T>.get_Result")]
    [InlineData("System.Collections.Generic.Dictionary`2[System.__Canon,System.__Canon].FindValue(!0)", "Dictionary<T1,T2>.FindValue")]
    [InlineData("System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart()", "PortableThreadPool.WorkerThread.WorkerThreadStart")]
    [InlineData("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol+<ProcessRequests>d__237`1[System.__Canon].MoveNext()", "HttpProtocol.ProcessRequests (async)")]
    [InlineData("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.KestrelConnection`1+<ExecuteAsync>d__8[System.__Canon].MoveNext()", "KestrelConnection<T>.ExecuteAsync (async)")]
    [InlineData("System.Runtime.CompilerServices.AsyncTaskMethodBuilder`1+AsyncStateMachineBox`1[System.Threading.Tasks.VoidTaskResult,Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpProtocol+<ProcessRequests>d__237`1[System.__Canon]].ExecutionContextCallback(class System.Object)", "AsyncTaskMethodBuilder<T>.AsyncStateMachineBox<T>.ExecutionContextCallback")]
    [InlineData("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.KestrelConnection`1[System.__Canon].System.Threading.IThreadPoolWorkItem.Execute()", "KestrelConnection<T>.Execute")]
    [InlineData("Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets.Internal.IOQueue.System.Threading.IThreadPoolWorkItem.Execute()", "IOQueue.Execute")]
    [InlineData("Microsoft.AspNetCore.Connections.TransportConnection.Microsoft.AspNetCore.Http.Features.IFeatureCollection.Get()", "TransportConnection.Get")]
    [InlineData("System.Threading.Tasks.Task+DelayPromise..ctor(unsigned int32,class System.TimeProvider)", "Task.DelayPromise..ctor")]
    [InlineData("Interop+Sys.Read(class System.Runtime.InteropServices.SafeHandle,unsigned int8*,int32)", "Interop.Sys.Read")]
    [InlineData("Program.<Main>(class System.String[])", "Program.Main")]
    [InlineData("dynamicClass.lambda_method1(pMT: 0x7fde2040dae8,class System.Object,pMT: 0x7fde1f7a9690)", "dynamicClass.lambda_method1")]
    [InlineData("System.Runtime.CompilerServices.AsyncMethodBuilderCore.Start(!!0&)", "AsyncMethodBuilderCore.Start")]
    // Other spellings: a module prefix (speedscope/PerfView style), angle-bracket generics, no signature.
    [InlineData("System.Private.CoreLib!System.Threading.Tasks.Task.Wait(int32,value class System.Threading.CancellationToken)", "Task.Wait")]
    [InlineData("PoolDoctor.Lab!PoolDoctor.Lab.DiagScenarioController+<TaskAsyncWait>d__3.MoveNext", "DiagScenarioController.TaskAsyncWait (async)")]
    [InlineData("System.Collections.Generic.List`1<System.Int32>.Add", "List<T>.Add")]
    [InlineData("System.Private.CoreLib!System.Runtime.CompilerServices.TaskAwaiter`1[System.Int32].GetResult()", "TaskAwaiter<T>.GetResult")]
    [InlineData("?!?", "?")]
    [InlineData("Shop.Orders.OrderService+<>c__DisplayClass5_0+<<Place>b__0>d.MoveNext()", "async lambda in OrderService.Place")]
    [InlineData("Program.<<Main>$>b__0_1(class Microsoft.AspNetCore.Http.HttpContext,class System.Func`1<class System.Threading.Tasks.Task>)", "lambda in Program.Main")]
    [InlineData("Program.<<Main>$>g__Handler|0_2()", "Program.Main.Handler (local function)")]
    [InlineData("Program+<<<Main>$>b__0_1>d.MoveNext()", "async lambda in Program.Main")]
    public void Cleans_runtime_names_into_readable_ones(string raw, string expected)
    {
        Assert.Equal(expected, FrameNameParser.Clean(raw));
    }

    [Fact]
    public void Unresolved_frames_keep_their_module_when_known()
    {
        Assert.Equal("?", FrameNameParser.Clean(new StackFrame("?", "?")));
        Assert.Equal("System.Private.CoreLib!?", FrameNameParser.Clean(new StackFrame("System.Private.CoreLib", "?")));
        Assert.Equal(FrameFlavor.Unresolved, FrameNameParser.Parse("").Flavor);
        // Collectors write an address when no method covers it; it is neither user code nor a method name.
        Assert.Equal("libcoreclr!0x7f3a12c0", FrameNameParser.Clean(new StackFrame("libcoreclr", "0x7f3a12c0")));
        Assert.Equal(FrameFlavor.Unresolved, FrameNameParser.Parse("0x7f3a12c0").Flavor);
        Assert.False(UserCode.Default.IsUserCode(new StackFrame("?", "0x7f3a12c0")));
    }

    [Fact]
    public void Parse_keeps_the_namespace_apart_from_the_display_name()
    {
        var lambda = FrameNameParser.Parse("PoolDoctor.Lab.DiagScenarioController+<>c__DisplayClass10_0.<DbTaskRun>b__0()");

        Assert.Equal("PoolDoctor.Lab", lambda.Namespace);
        Assert.Equal("DiagScenarioController.DbTaskRun", lambda.Owner);
        Assert.Equal("PoolDoctor.Lab.DiagScenarioController.DbTaskRun", lambda.QualifiedOwner);
        Assert.Equal(FrameFlavor.Lambda, lambda.Flavor);
        Assert.False(lambda.IsStateMachine);
        Assert.True(FrameNameParser.Parse("Npgsql.NpgsqlCommand+<ExecuteNonQuery>d__110.MoveNext()").IsStateMachine);
    }

    [Fact]
    public void Every_recorded_frame_cleans_to_a_name_without_runtime_noise()
    {
        var frames = Directory.GetFiles(RecordedStacks.Directory, "*.json")
            .Select(f => RecordedStacks.Load(Path.GetFileNameWithoutExtension(f)))
            .SelectMany(s => s.Stacks.SelectMany(t => t.Frames).Concat(s.Waits.SelectMany(w => w.Frames)))
            .Distinct()
            .ToList();
        Assert.True(frames.Count > 300, $"expected the fixtures to hold several hundred distinct frames, found {frames.Count}");

        foreach (var frame in frames)
        {
            var clean = FrameNameParser.Clean(frame);
            Assert.False(string.IsNullOrWhiteSpace(clean), frame.Method);
            Assert.DoesNotContain('`', clean);
            var withoutSuffix = Regex.Replace(clean, @" \((async|lambda|async lambda|local function|async local function)\)$", "");
            Assert.DoesNotContain('(', withoutSuffix);
            Assert.DoesNotContain('[', withoutSuffix);
            Assert.DoesNotContain("d__", clean, StringComparison.Ordinal);
            Assert.DoesNotContain("__Canon", clean, StringComparison.Ordinal);
            Assert.DoesNotContain("<>c", clean, StringComparison.Ordinal);
        }
    }
}
