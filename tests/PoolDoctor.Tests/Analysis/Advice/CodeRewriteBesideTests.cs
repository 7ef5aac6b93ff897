using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Advice;

/// <summary>
/// What the advice rewrites besides the culprit's one line, by the rules `fix` follows too: the other blocking calls of
/// the function made async (AsyncRewriteRules.AwaitedBeside), and a call whose arguments go on below.
/// </summary>
public sealed class CodeRewriteBesideTests
{
    private static CodeRewrite.Rewritten Rewrite(string[] lines, int callLine, BlockingKind kind, string api, string method) =>
        CodeRewrite.Rewrite(new SourceExcerpt("/app/Store.cs", 1, lines, callLine), kind, api, method)
        ?? throw new Xunit.Sdk.XunitException("no rewrite");

    [Fact]
    public void A_driver_verb_and_a_task_result_beside_the_culprit_are_awaited_too()
    {
        string[] lines =
        [
            "    public Customer? Find(int id)",
            "    {",
            "        connection.Open();",
            "        var rate = rates.LoadAsync().Result;",
            "        using var reader = command.ExecuteReader();",
            "        return reader.Read() ? new Customer(reader.GetInt32(0)) : null;",
            "    }",
        ];

        var after = Rewrite(lines, 5, BlockingKind.SyncIO, "DbCommand.ExecuteReader", "Find").After;

        Assert.Equal(
        [
            "   1 |     public async Task<Customer?> Find(int id)",
            "   2 |     {",
            "   3 |         await connection.OpenAsync();",
            "   4 |         var rate = await rates.LoadAsync();",
            "   5 |         using var reader = await command.ExecuteReaderAsync();",
            "   6 |         return await reader.ReadAsync() ? new Customer(reader.GetInt32(0)) : null;",
        ], after);
    }

    // On text a semaphore's Wait() looks like a task's, and a call in a lambda belongs to another function: neither is
    // one the patch awaits beside the culprit, so neither is rewritten; nor is a line of the next method.
    [Fact]
    public void A_wait_a_lambda_and_the_next_method_are_left_as_they_are()
    {
        string[] lines =
        [
            "    public void Save(Order order)",
            "    {",
            "        _gate.Wait();",
            "        items.ForEach(i => i.LoadAsync().Result);",
            "        command.ExecuteNonQuery();",
            "    }",
            "    public void Other() => reader.Read();",
        ];

        var after = Rewrite(lines, 5, BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery", "Save").After;

        Assert.Equal("   3 |         _gate.Wait();", after[2]);
        Assert.Equal("   4 |         items.ForEach(i => i.LoadAsync().Result);", after[3]);
        Assert.Equal("   5 |         await command.ExecuteNonQueryAsync();", after[4]);
        Assert.Equal("   6 |     }", after[5]);
    }

    [Fact]
    public void A_call_whose_arguments_go_on_below_is_rewritten_whole()
    {
        string[] lines =
        [
            "    public List<OrderRow> ForCustomer(int customerId)",
            "    {",
            "        return connection.Query<OrderRow>(",
            "            \"select id from orders where customer_id = @customerId\",",
            "            new { customerId }).ToList();",
            "    }",
        ];

        var after = Rewrite(lines, 3, BlockingKind.SyncIO, "SqlMapper.Query", "ForCustomer").After;

        Assert.Equal(
        [
            "   1 |     public async Task<List<OrderRow>> ForCustomer(int customerId)",
            "   2 |     {",
            "   3 |         return (await connection.QueryAsync<OrderRow>(",
            "   4 |             \"select id from orders where customer_id = @customerId\",",
            "   5 |             new { customerId })).ToList();",
        ], after);
    }
}
