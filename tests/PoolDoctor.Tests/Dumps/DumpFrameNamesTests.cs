using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Collect.Dumps;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Dumps;

/// <summary>
/// Frames from a dump are spelled the way TraceLog spells sampled frames, so one set of cleaning and blocking rules
/// serves both: generic instantiations get arity and brackets, the compiler's own angle brackets stay.
/// </summary>
public class DumpFrameNamesTests
{
    [Theory]
    [InlineData("System.Threading.Tasks.Task<System.__Canon>", "System.Threading.Tasks.Task`1[System.__Canon]")]
    [InlineData("System.Collections.Generic.Dictionary<System.String, System.Collections.Generic.List<System.Int32>>",
        "System.Collections.Generic.Dictionary`2[System.String, System.Collections.Generic.List`1[System.Int32]]")]
    [InlineData("PoolDoctor.Lab.Mvc.DiagScenarioController+<TaskAsyncWait>d__3", "PoolDoctor.Lab.Mvc.DiagScenarioController+<TaskAsyncWait>d__3")]
    [InlineData("Program+<>c", "Program+<>c")]
    [InlineData("System.Runtime.CompilerServices.AsyncTaskMethodBuilder<System.Threading.Tasks.VoidTaskResult>+AsyncStateMachineBox<Ns.C+<Run>d__1>",
        "System.Runtime.CompilerServices.AsyncTaskMethodBuilder`1[System.Threading.Tasks.VoidTaskResult]+AsyncStateMachineBox`1[Ns.C+<Run>d__1]")]
    public void Generic_arguments_take_TraceLogs_spelling(string clrmd, string traceLog) =>
        Assert.Equal(traceLog, DumpFrameNames.TraceLogSpelling(clrmd));

    [Fact]
    public void A_dump_frame_cleans_to_the_same_name_as_its_sampled_twin()
    {
        var fromDump = new StackFrame("System.Private.CoreLib", DumpFrameNames.Method("System.Threading.Tasks.Task<System.__Canon>", "GetResultCore"));
        var sampled = new StackFrame("System.Private.CoreLib", "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)");

        Assert.Equal(FrameNameParser.Clean(sampled), FrameNameParser.Clean(fromDump));
    }

    /// <summary>
    /// The stack the dump of the starving lab gave (heap dump, .NET 10, Release): the wait under Task.Result shows its
    /// inner frames down to Monitor.Wait, the action was inlined into the dynamic method the reader recognised by its
    /// code heap, and the request came from the MVC invoker and endpoint on the thread's stack.
    /// </summary>
    [Fact]
    public void A_dump_stack_of_the_lab_names_the_inlined_action_as_a_task_result_wait()
    {
        var frames = new[]
        {
            DumpFrameNames.Method("System.Threading.Monitor", "Wait"),
            DumpFrameNames.Method("System.Threading.ManualResetEventSlim", "Wait"),
            DumpFrameNames.Method("System.Threading.Tasks.Task", "SpinThenBlockingWait"),
            DumpFrameNames.Method("System.Threading.Tasks.Task", "InternalWaitCore"),
            DumpFrameNames.Method("System.Threading.Tasks.Task", "InternalWait"),
            DumpFrameNames.Method("System.Threading.Tasks.Task<System.__Canon>", "GetResultCore"),
            DynamicCode.MethodName,
            DumpFrameNames.Method("Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor+SyncObjectResultExecutor", "Execute"),
            DumpFrameNames.Method("Microsoft.AspNetCore.Mvc.Infrastructure.ControllerActionInvoker", "InvokeActionMethodAsync"),
            DumpFrameNames.Method("Microsoft.AspNetCore.Routing.EndpointMiddleware", "Invoke"),
        };
        var request = new RequestContext(null, null, "/api/diagscenario/taskwait",
            "PoolDoctor.Lab.Mvc.DiagScenarioController.TaskWait (PoolDoctor.Lab)",
            "PoolDoctor.Lab.Mvc.DiagScenarioController.TaskWait (PoolDoctor.Lab)");
        var stacks = Enumerable.Range(1, 3)
            .Select(i => new ThreadStack(i, [.. frames.Select(f => new StackFrame(f == DynamicCode.MethodName ? DynamicCode.ModuleName : "System.Private.CoreLib", f)), .. Frames(PoolDispatch)], 1) { Request = request });

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot(stacks)).Culprits);

        Assert.Equal("DiagScenarioController.TaskWait", culprit.Method);
        Assert.Equal(BlockingKind.SyncOverAsync, culprit.Kind);
        Assert.Equal("Task.Result", culprit.Api);
        Assert.Equal(3, culprit.Threads);
        Assert.Equal(CallSiteSource.Endpoint, culprit.Site.Source);
    }

    [Theory]
    [InlineData("lambda_method78", "dynamicClass.lambda_method78")]
    [InlineData(null, DynamicCode.MethodName)]
    [InlineData("", DynamicCode.MethodName)]
    public void A_dynamic_method_is_spelled_as_a_live_trace_spells_it(string? clrmd, string expected) =>
        Assert.Equal(expected, DynamicCode.Name(clrmd));

    /// <summary>
    /// The same stack from a full dump (the default of `dump`), which holds the dynamic method's descriptor: ClrMD
    /// names it lambda_method78 with a type and module of no name. Spelled as a live trace does, it is the generated
    /// frame the inlined action hides in, and the endpoint on the stack names the action.
    /// </summary>
    [Fact]
    public void A_full_dump_stack_names_the_inlined_action_through_the_named_dynamic_method()
    {
        var lcg = DynamicCode.Name("lambda_method78");
        var frames = new[]
        {
            new StackFrame("System.Private.CoreLib", DumpFrameNames.Method("System.Threading.Monitor", "Wait")),
            new StackFrame("System.Private.CoreLib", DumpFrameNames.Method("System.Threading.ManualResetEventSlim", "Wait")),
            new StackFrame("System.Private.CoreLib", DumpFrameNames.Method("System.Threading.Tasks.Task", "InternalWait")),
            new StackFrame("System.Private.CoreLib", DumpFrameNames.Method("System.Threading.Tasks.Task<System.__Canon>", "GetResultCore")),
            new StackFrame(DynamicCode.ModuleName, lcg),
            new StackFrame("Microsoft.AspNetCore.Mvc.Core", DumpFrameNames.Method("Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor+SyncObjectResultExecutor", "Execute")),
            new StackFrame("Microsoft.AspNetCore.Routing", DumpFrameNames.Method("Microsoft.AspNetCore.Routing.EndpointMiddleware", "Invoke")),
        };
        var request = new RequestContext(null, null, "/api/diagscenario/taskwait",
            "PoolDoctor.Lab.Mvc.DiagScenarioController.TaskWait (PoolDoctor.Lab)",
            "PoolDoctor.Lab.Mvc.DiagScenarioController.TaskWait (PoolDoctor.Lab)");
        var stacks = Enumerable.Range(1, 2).Select(i => new ThreadStack(i, [.. frames, .. Frames(PoolDispatch)], 1) { Request = request });

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot(stacks)).Culprits);

        Assert.Equal("DiagScenarioController.TaskWait", culprit.Method);
        Assert.Equal("Task.Result", culprit.Api);
        Assert.Contains("dynamicClass.lambda_method78", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
    }
}
