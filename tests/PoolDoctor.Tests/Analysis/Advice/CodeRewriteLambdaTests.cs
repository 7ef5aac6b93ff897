using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Advice;

/// <summary>
/// A blocking call inside a lambda of the reported method: the advice makes the lambda async, as `fix` does (the
/// agreement test in PoolDoctor.Fix.Tests compares them on the lab's inline middleware and FixShapes' lambda handler).
/// </summary>
public sealed class CodeRewriteLambdaTests
{
    [Fact]
    public void A_block_lambda_holding_the_call_becomes_async_and_the_method_keeps_its_signature()
    {
        string[] lines =
        [
            "    public static IApplicationBuilder UseTenantLookup(this IApplicationBuilder app)",
            "    {",
            "        return app.UseWhen(c => Applies(c, \"{x}\"), branch => branch.Use((context, next) =>",
            "        {",
            "            if (context.Request.Path.HasValue)",
            "            {",
            "                context.Items[\"t\"] = tenants.FindAsync(context.Request.Host.Value).Result;",
            "            }",
            "            return next(context);",
            "        }));",
        ];

        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/T.cs", 10, lines, 16), BlockingKind.SyncOverAsync, "Task.Result", "UseTenantLookup");

        Assert.NotNull(rewritten);
        Assert.Equal("  12 |         return app.UseWhen(c => Applies(c, \"{x}\"), branch => branch.Use(async (context, next) =>", rewritten.After[0]);
        Assert.Equal("  16 |                 context.Items[\"t\"] = await tenants.FindAsync(context.Request.Host.Value);", rewritten.After[4]);
        Assert.Equal("  17 |             }", rewritten.After[^1]);
        Assert.DoesNotContain(rewritten.After, l => l.Contains("async Task", StringComparison.Ordinal));
    }

    [Fact]
    public void The_return_after_the_call_in_a_lambda_is_not_shown_as_its_task_type_is_unknown()
    {
        string[] lines =
        [
            "    void Configure(IApplicationBuilder app)",
            "    {",
            "        app.Use((context, next) =>",
            "        {",
            "            Load(context).Wait();",
            "            return next(context);",
            "        });",
        ];

        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/S.cs", 1, lines, 5), BlockingKind.SyncOverAsync, "Task.Wait", "Configure");

        Assert.NotNull(rewritten);
        Assert.Equal(["   3 |         app.Use(async (context, next) =>", "   4 |         {", "   5 |             await Load(context);"], rewritten.After);
    }

    [Fact]
    public void An_expression_lambda_on_the_call_line_becomes_async()
    {
        string[] lines = ["var app = builder.Build();", "app.MapGet(\"/n/{id}\", (int id, Store s) => s.NameAsync(id).Result.ToUpperInvariant());"];

        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/Program.cs", 1, lines, 2), BlockingKind.SyncOverAsync, "Task.Result", "<Main>$");

        Assert.NotNull(rewritten);
        Assert.Equal("   2 | app.MapGet(\"/n/{id}\", async (int id, Store s) => (await s.NameAsync(id)).ToUpperInvariant());", rewritten.After[^1]);
    }

    [Fact]
    public void An_expression_bodied_member_is_made_async_not_taken_for_a_lambda()
    {
        string[] lines = ["public sealed class Facade(HttpClient http)", "{", "    public string Get(int id) => http.GetStringAsync($\"/items/{id}\").Result;", "}"];

        var rewritten = CodeRewrite.Rewrite(new SourceExcerpt("/src/Facade.cs", 1, lines, 3), BlockingKind.SyncOverAsync, "Task.Result", "Get");

        Assert.NotNull(rewritten);
        Assert.Contains("   3 |     public async Task<string> Get(int id) => await http.GetStringAsync($\"/items/{id}\");", rewritten.After);
    }
}
