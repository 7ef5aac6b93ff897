using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Model.Stacks;

/// <summary>The blocking API's name split once into type and member: the forms the analysis writes into report.json.</summary>
public sealed class ApiNameTests
{
    [Theory]
    [InlineData("Task.Result", "Task", "Result")]
    [InlineData("Task<TResult>.Result", "Task<TResult>", "Result")]
    [InlineData("Task<System.Int32>.GetAwaiter", "Task<System.Int32>", "GetAwaiter")]
    [InlineData("NpgsqlCommand.ExecuteScalar", "NpgsqlCommand", "ExecuteScalar")]
    [InlineData("SemaphoreSlim.Wait(TimeSpan)", "SemaphoreSlim", "Wait")]
    [InlineData("Dictionary<K, V>.TryGetValue<X>(K)", "Dictionary<K, V>", "TryGetValue")]
    [InlineData("System.Threading.Monitor.Enter", "System.Threading.Monitor", "Enter")]
    [InlineData("Sleep", "", "Sleep")]
    public void Splits_the_declaring_type_from_the_member(string text, string type, string member)
    {
        var api = ApiName.Parse(text);

        Assert.Equal((type, member), (api.Type, api.Member));
        Assert.Equal(text, api.ToString());
    }

    [Fact]
    public void A_culprit_gives_its_api_and_held_across_as_names()
    {
        var culprit = new Culprit("Cache.Refresh", BlockingKind.Lock, "Lock.Enter", 4, 0.5, []) { HeldAcross = "Thread.Sleep(Int32)" };
        var free = culprit with { HeldAcross = null };

        Assert.Equal(("Lock", "Enter"), (culprit.ApiName.Type, culprit.ApiName.Member));
        Assert.Equal("Sleep", culprit.HeldAcrossName?.Member);
        Assert.Null(free.HeldAcrossName);
    }
}
