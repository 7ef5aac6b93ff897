using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>IL call targets go through the same table as stack frames.</summary>
public class ClassifyCallTests
{
    [Theory]
    [InlineData("System.Threading.Tasks.Task", "get_Result", BlockingKind.SyncOverAsync, "Task.Result")]
    [InlineData("System.Runtime.CompilerServices.TaskAwaiter", "GetResult", BlockingKind.SyncOverAsync, "GetAwaiter().GetResult()")]
    [InlineData("System.Runtime.CompilerServices.ConfiguredTaskAwaitable.ConfiguredTaskAwaiter", "GetResult", BlockingKind.SyncOverAsync, "GetAwaiter().GetResult()")]
    [InlineData("System.Threading.Tasks.Task", "Wait", BlockingKind.SyncOverAsync, "Task.Wait")]
    [InlineData("System.Threading.Thread", "Sleep", BlockingKind.Sleep, "Thread.Sleep")]
    [InlineData("System.Net.Http.HttpClient", "Send", BlockingKind.SyncIO, "HttpClient.Send")]
    [InlineData("Npgsql.NpgsqlCommand", "ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery")]
    [InlineData("System.Data.Common.DbCommand", "ExecuteNonQuery", BlockingKind.SyncIO, "DbCommand.ExecuteNonQuery")]
    public void Blocking_targets_classify_as_their_api(string type, string method, BlockingKind kind, string api)
    {
        var found = BlockingApiTable.ClassifyCall(type, method);

        Assert.Equal((kind, api), (found?.Kind, found?.Api));
    }

    [Theory]
    [InlineData("System.Threading.Tasks.Task", "GetAwaiter")]
    [InlineData("System.Runtime.CompilerServices.TaskAwaiter", "get_IsCompleted")]
    [InlineData("Shop.CustomerRepository", "Load")]
    [InlineData("Npgsql.NpgsqlCommand", "ExecuteNonQueryAsync")]
    [InlineData("", "Sleep")]
    public void Other_targets_are_not_blocking(string type, string method)
    {
        Assert.Null(BlockingApiTable.ClassifyCall(type, method));
    }

    [Fact]
    public void A_driver_call_in_il_and_on_the_stack_share_the_table()
    {
        var fromIl = BlockingApiTable.ClassifyCall("Npgsql.NpgsqlCommand", "ExecuteReader");
        var fromStack = BlockingApiTable.Classify(FrameNameParser.Parse("Npgsql.NpgsqlCommand.ExecuteReader(value class System.Data.CommandBehavior)"));

        Assert.Equal(fromStack, fromIl);
        Assert.True(fromIl!.IsDriverCall);
    }
}
