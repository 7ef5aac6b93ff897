using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.CallSiteTests;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// Blocking with no user or generated frame on the stack: the library frame that made the call is named, never the
/// request's handler (moved from CallSiteTests; FrameworkBlockingInRequestTests has the recorded continuation).
/// </summary>
public sealed class LibraryFrameSiteTests
{
    [Fact]
    public void The_servers_own_lock_inside_a_request_is_the_library_not_the_requests_handler()
    {
        // Recorded in a Release app under load: Kestrel's response pipe lock, taken with no user or generated frame
        // on the stack. The request is known, but its handler did not make this call.
        var snapshot = Snapshot([Stack(1, TaskWaitAction,
        [
            "System.Threading.Monitor.Enter_Slowpath(class System.Object)",
            "System.Threading.Monitor.Enter(class System.Object)",
            "System.IO.Pipelines.Pipe.AllocateWriteHeadSynchronized(int32)",
            "System.IO.Pipelines.Pipe.GetSpan(int32)",
            "Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.Http1OutputProducer.WriteResponseHeaders(int32,class System.String,class Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpResponseHeaders,bool,bool)",
            .. Kestrel,
        ])]);
        var culprit = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal(("Pipe.AllocateWriteHeadSynchronized", CallSiteSource.Library), (culprit.Method, culprit.Site.Source));
        Assert.Equal("GET /api/diagscenario/taskwait", EntryText.Of(culprit.Entry));
        ShapeProbe.AssertNamedBy<LibraryFrameSite>(snapshot, culprit.Method);
    }
}
