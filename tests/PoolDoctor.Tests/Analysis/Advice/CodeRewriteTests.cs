using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Advice;

public sealed class CodeRewriteTests
{
    [Theory]
    [InlineData("        var customer = PretendQuery.CustomerAsync().Result;", "        var customer = await PretendQuery.CustomerAsync();")]
    [InlineData("        return _client.GetStringAsync(url).GetAwaiter().GetResult();", "        return await _client.GetStringAsync(url);")]
    [InlineData("        SaveAsync(order, token).Wait();", "        await SaveAsync(order, token);")]
    [InlineData("        var name = repo.LoadAsync(id).Result.Name;", "        var name = (await repo.LoadAsync(id)).Name;")]
    [InlineData("        var total = (decimal)orders.SumAsync(token).Result;", "        var total = (decimal)await orders.SumAsync(token);")]
    [InlineData("        var first = Pick((int)a.CountAsync().Result);", "        var first = Pick((int)await a.CountAsync());")]
    [InlineData("        Task.WaitAll(first, second);", "        await Task.WhenAll(first, second);")]
    public void Sync_over_async_lines_become_awaits(string line, string expected) =>
        Assert.Equal(expected, CodeRewrite.RewriteCall(line, BlockingKind.SyncOverAsync, "Task.Result"));

    // Razor markup: an implicit expression awaits after its '@' ("await @Model..." would print "await " on the page);
    // an explicit expression and a code block are C#.
    [Theory]
    [InlineData("<p>EUR: @Model.EuroRate().Result</p>", "<p>EUR: @await Model.EuroRate()</p>")]
    [InlineData("<li>@rates.RateAsync(\"USD\").GetAwaiter().GetResult()</li>", "<li>@await rates.RateAsync(\"USD\")</li>")]
    [InlineData("<p>@(Model.EuroRate().Result)</p>", "<p>@(await Model.EuroRate())</p>")]
    [InlineData("@{ var rate = Model.EuroRate().Result; }", "@{ var rate = await Model.EuroRate(); }")]
    public void Razor_markup_awaits_where_razor_reads_it(string line, string expected) =>
        Assert.Equal(expected, CodeRewrite.RewriteCall(line, BlockingKind.SyncOverAsync, "Task.Result", razor: true));

    [Fact]
    public void A_razor_implicit_expression_that_goes_on_after_the_result_is_not_rewritten() =>
        Assert.Null(CodeRewrite.RewriteCall("<p>@Model.Load().Result.Name</p>", BlockingKind.SyncOverAsync, "Task.Result", razor: true));

    [Fact]
    public void The_excerpt_of_a_cshtml_file_is_rewritten_as_razor()
    {
        var excerpt = new SourceExcerpt("/app/Views/Home/Dashboard.cshtml", 1, ["@model DashboardModel", "<h1>Dashboard</h1>", "<p>EUR: @Model.EuroRate().Result</p>"], 3);

        var rewritten = CodeRewrite.Rewrite(excerpt, BlockingKind.SyncOverAsync, "Task.Result", "ExecuteAsync");

        Assert.NotNull(rewritten);
        Assert.Equal("   3 | <p>EUR: @await Model.EuroRate()</p>", rewritten.After[^1]);
        Assert.Equal("   1 | @model DashboardModel", rewritten.After[0]);
    }

    [Fact]
    public void Sleep_becomes_Task_Delay() =>
        Assert.Equal("    await Task.Delay(10);", CodeRewrite.RewriteCall("    Thread.Sleep(10);", BlockingKind.Sleep, "Thread.Sleep"));

    [Theory]
    [InlineData("        command.ExecuteNonQuery();", "NpgsqlCommand.ExecuteNonQuery", "        await command.ExecuteNonQueryAsync();")]
    [InlineData("            var read = socket.Receive(reply);", "Socket.Receive", "            var read = await socket.ReceiveAsync(reply);")]
    [InlineData("            var response = (RedisValue[]?)database.ScriptEvaluate(", "IDatabase.ScriptEvaluate", "            var response = (RedisValue[]?)await database.ScriptEvaluateAsync(")]
    [InlineData("        var rows = (List<Order>)repository.Load(id);", "OrderRepository.Load", "        var rows = (List<Order>)await repository.LoadAsync(id);")]
    [InlineData("        Slots.Wait();", "SemaphoreSlim.Wait", "        await Slots.WaitAsync();")]
    public void Sync_calls_become_their_awaited_async_twin(string line, string api, string expected) =>
        Assert.Equal(expected, CodeRewrite.RewriteCall(line, api.StartsWith("Sema", StringComparison.Ordinal) ? BlockingKind.SyncWait : BlockingKind.SyncIO, api));

    [Theory]
    [InlineData("        var x = task.ResultCount;")]
    [InlineData("        lock (Gate) { Work(); }")]
    public void A_line_of_another_shape_is_not_rewritten(string line) =>
        Assert.Null(CodeRewrite.RewriteCall(line, BlockingKind.SyncOverAsync, "Task.Result"));

    [Theory]
    [InlineData("    public string TaskWait()", "TaskWait", "    public async Task<string> TaskWait()")]
    [InlineData("    public void Save(Order order)", "Save", "    public async Task Save(Order order)")]
    [InlineData("    private static Task<int> CountAsync(int id)", "CountAsync", "    private static async Task<int> CountAsync(int id)")]
    [InlineData("    public async Task<string> Load()", "Load", "    public async Task<string> Load()")]
    public void The_signature_becomes_async(string line, string method, string expected) =>
        Assert.Equal(expected, CodeRewrite.AsyncSignature(line, method));

    [Fact]
    public void The_excerpt_shows_numbered_real_lines_and_the_same_lines_rewritten()
    {
        // The lab's own action, as DiagScenarioController.cs holds it.
        var lines = new[]
        {
            "    [HttpGet(\"taskwait\")]",
            "    public string TaskWait()",
            "    {",
            "        var customer = PretendQuery.CustomerAsync().Result;",
            "        return $\"success:taskwait {customer}\";",
            "    }",
        };
        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/Ctrl.cs", 26, lines, 29), BlockingKind.SyncOverAsync, "Task.Result", "TaskWait");

        Assert.NotNull(rewritten);
        Assert.Equal(["  27 |     public string TaskWait()", "  28 |     {", "  29 |         var customer = PretendQuery.CustomerAsync().Result;", "  30 |         return $\"success:taskwait {customer}\";"], rewritten.Before);
        Assert.Equal("  27 |     public async Task<string> TaskWait()", rewritten.After[0]);
        Assert.Equal("  29 |         var customer = await PretendQuery.CustomerAsync();", rewritten.After[2]);
    }

    // The rules fix's patch follows (AsyncRewriteRules), each a disagreement the agreement test in PoolDoctor.Fix.Tests found.
    [Theory]
    [InlineData("        if (!quota.HasQuotaAsync(caller).Result)", "        if (!await quota.HasQuotaAsync(caller))")]
    [InlineData("        var ok = !a.Result && b;", "        var ok = !await a && b;")]
    [InlineData("        var n = t.Result ?? 0;", "        var n = (await t) ?? 0;")]
    public void A_logical_not_stays_before_the_await_and_an_operator_after_it_is_parenthesised(string line, string expected) =>
        Assert.Equal(expected, CodeRewrite.RewriteCall(line, BlockingKind.SyncOverAsync, "Task.Result"));

    [Fact]
    public void A_null_forgiving_call_result_is_awaited_in_parentheses() =>
        Assert.Equal("        return (long)(await command.ExecuteScalarAsync())!;",
            CodeRewrite.RewriteCall("        return (long)command.ExecuteScalar()!;", BlockingKind.SyncIO, "DbCommand.ExecuteScalar"));

    [Fact]
    public void A_stream_array_read_becomes_a_memory_read() =>
        Assert.Equal("            var n = await file.ReadAsync(content.AsMemory(read, content.Length - read));",
            CodeRewrite.RewriteCall("            var n = file.Read(content, read, content.Length - read);", BlockingKind.SyncIO, "FileStream.Read"));

    [Fact]
    public void Sleep_and_a_wait_take_the_token_of_the_signature()
    {
        var lines = new[] { "    protected override Task ExecuteAsync(CancellationToken stoppingToken)", "    {", "        Thread.Sleep(TimeSpan.FromMinutes(1));", "    }" };
        var sleep = CodeRewrite.Rewrite(new SourceExcerpt("/src/W.cs", 1, lines, 3), BlockingKind.Sleep, "Thread.Sleep", "ExecuteAsync");
        var wait = CodeRewrite.RewriteCall("        feed.NextAsync(stoppingToken).Wait(stoppingToken);", BlockingKind.SyncOverAsync, "Task.Wait", token: "stoppingToken");

        Assert.Equal("   3 |         await Task.Delay(TimeSpan.FromMinutes(1), stoppingToken);", sleep!.After[2]);
        Assert.Equal("        await feed.NextAsync(stoppingToken).WaitAsync(stoppingToken);", wait);
    }

    [Fact]
    public void A_view_components_Invoke_made_async_is_InvokeAsync()
    {
        var lines = new[] { "public sealed class RateCardViewComponent(RateSource source) : ViewComponent", "{", "    public IViewComponentResult Invoke(string currency)", "    {", "        var rate = source.FetchAsync(currency).Result;", "    }" };

        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/R.cs", 1, lines, 5), BlockingKind.SyncOverAsync, "Task.Result", "Invoke", "RateCardViewComponent");

        Assert.Equal("   3 |     public async Task<IViewComponentResult> InvokeAsync(string currency)", rewritten!.After[0]);
    }

    [Fact]
    public void An_expression_bodied_method_is_made_async_on_its_one_line()
    {
        var lines = new[] { "    public static string TaskWait() => $\"ok {PretendQuery.CustomerAsync().Result}\";" };

        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/M.cs", 43, lines, 43), BlockingKind.SyncOverAsync, "Task.Result", "TaskWait");

        Assert.Equal("  43 |     public static async Task<string> TaskWait() => $\"ok {await PretendQuery.CustomerAsync()}\";", rewritten!.After[0]);
    }

    [Fact]
    public void A_value_task_method_made_async_returns_its_values_unwrapped()
    {
        var lines = new[] { "    public ValueTask<decimal> GetAsync(string currency)", "    {", "        if (_rates.TryGetValue(currency, out var rate))", "        {", "            return new ValueTask<decimal>(rate);", "        }", "        rate = source.FetchAsync(currency).Result;", "        return ValueTask.FromResult(rate);" };

        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/C.cs", 10, lines, 16), BlockingKind.SyncOverAsync, "Task<TResult>.Result", "GetAsync");

        Assert.Equal("  10 |     public async ValueTask<decimal> GetAsync(string currency)", rewritten!.After[0]);
        Assert.Equal("  14 |             return rate;", rewritten.After[4]);
        Assert.Equal("  16 |         rate = await source.FetchAsync(currency);", rewritten.After[6]);
        Assert.Equal("  17 |         return rate;", rewritten.After[7]);
    }

    [Fact]
    public void An_action_filters_OnActionExecuting_becomes_OnActionExecutionAsync() =>
        Assert.Equal("    public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)",
            CodeRewrite.AsyncSignature("    public override void OnActionExecuting(ActionExecutingContext context)", "OnActionExecuting"));

    [Fact]
    public void Excerpts_come_only_from_text_the_collector_read()
    {
        var sources = new Dictionary<string, string> { ["/src/a.cs"] = "one\ntwo\nthree\nfour" };
        var excerpt = SourceExcerptReader.Around(sources, "/src/a.cs", 3);

        Assert.NotNull(excerpt);
        Assert.Equal(1, excerpt.FirstLine);
        Assert.Equal("three", excerpt.Lines[excerpt.CallLine - excerpt.FirstLine]);
        Assert.Null(SourceExcerptReader.Around(sources, "/src/b.cs", 3));
        Assert.Null(SourceExcerptReader.Around(sources, "/src/a.cs", 9));
    }
}
