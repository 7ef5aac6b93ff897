using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// A synchronous Npgsql call in tier-1 code, recorded by `diagnose -p` attached to a Release app already under load
/// (docs/accuracy.md, "Apps written for the 2026-11-23 trials", /api/orders/open): the JIT inlined the public
/// <c>ExecuteScalar()</c> wrapper into the user's method, so the stack goes from the user's frame straight into the
/// driver's shared async body and ends in a <c>ManualResetEventSlim.Wait</c> on the socket.
/// </summary>
public class DriverBodyTests
{
    private static readonly string[] TierOneExecuteScalar =
    [
        "System.Threading.ManualResetEventSlim.Wait(int32,value class System.Threading.CancellationToken)",
        "System.Net.Sockets.SocketAsyncContext.ReceiveFrom(value class System.Memory`1<unsigned int8>,value class System.Net.Sockets.SocketFlags&,value class System.Memory`1<unsigned int8>,int32&,int32,int32&)",
        "Npgsql.Internal.NpgsqlReadBuffer+<<Ensure>g__EnsureLong|55_0>d.MoveNext()",
        "Npgsql.Internal.NpgsqlConnector+<ReadMessageLong>d__251.MoveNext()",
        "Npgsql.Internal.NpgsqlConnector.ReadMessageLong(bool,value class Npgsql.Internal.DataRowLoadingMode,bool,bool)",
        "Npgsql.NpgsqlDataReader+<NextResult>d__52.MoveNext()",
        "Npgsql.NpgsqlCommand+<ExecuteReader>d__121.MoveNext()",
        "Npgsql.NpgsqlCommand.ExecuteReader(bool,value class System.Data.CommandBehavior,value class System.Threading.CancellationToken)",
        "Npgsql.NpgsqlCommand+<ExecuteScalar>d__113.MoveNext()",
        "Fabrikam.Orders.OrderStore.CountOpenOrders()",
        "Fabrikam.Orders.OrdersController+<Open>d__2.MoveNext()",
        "System.Threading.ExecutionContext.RunFromThreadPoolDispatchLoop(class System.Threading.Thread,class System.Threading.ExecutionContext,class System.Threading.ContextCallback,class System.Object)",
    ];

    private static CallGraph StoreCalling(string driverMethod) => new(
    [
        new IlMethod("Fabrikam.Orders", "Fabrikam.Orders.OrderStore", "CountOpenOrders", 0x06000010,
        [
            new IlCall(12, IlCallKind.CallVirt, "Npgsql.NpgsqlConnection", "Open"),
            new IlCall(40, IlCallKind.CallVirt, "Npgsql.NpgsqlCommand", driverMethod),
        ]),
    ], []);

    private static Culprit Analyze(CallGraph graph) =>
        CulpritAnalyzer.Analyze(Snapshot([Pool(1, 50, TierOneExecuteScalar)]) with { CallGraph = graph }).Culprits[0];

    [Fact]
    public void The_users_il_calling_the_sync_verb_names_the_driver_call_whose_wrapper_was_inlined()
    {
        var culprit = Analyze(StoreCalling("ExecuteScalar"));

        Assert.Equal("OrderStore.CountOpenOrders", culprit.Method);
        Assert.Equal((BlockingKind.SyncIO, "NpgsqlCommand.ExecuteScalar"), (culprit.Kind, culprit.Api));
    }

    [Fact]
    public void Without_the_apps_il_the_stack_keeps_the_socket_read_it_shows()
    {
        var culprit = Analyze(CallGraph.Empty);

        // Without the IL nothing says the user called the driver's sync verb; the stack still shows a synchronous socket
        // read (the socket context's sync ReceiveFrom over the wait), and that is what it is named for.
        Assert.Equal("OrderStore.CountOpenOrders", culprit.Method);
        Assert.Equal((BlockingKind.SyncIO, "Socket.Receive"), (culprit.Kind, culprit.Api));
        Assert.NotEqual("NpgsqlCommand.ExecuteScalar", culprit.Api);
    }

    [Fact]
    public void A_caller_of_the_async_verb_is_not_made_a_sync_driver_call()
    {
        // The same body runs ExecuteScalarAsync(); a wait under it is the driver's own, not a sync call by the user.
        var culprit = Analyze(StoreCalling("ExecuteScalarAsync"));

        Assert.NotEqual("NpgsqlCommand.ExecuteScalar", culprit.Api);
    }
}
