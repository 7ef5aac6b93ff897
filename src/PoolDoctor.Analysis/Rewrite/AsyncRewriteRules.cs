namespace PoolDoctor.Analysis.Rewrite;

/// <summary>
/// What a blocking call site becomes when it is made async, as rules both rewriters consult: the report's advice
/// (<c>Advice/CodeRewrite</c>, on the text of the user's lines) and `fix`'s patch (<c>PoolDoctor.Fix/Rewrite</c>, on
/// Roslyn's syntax and symbols). The engines differ — `diagnose` must not load Roslyn, `fix` must bind what it writes
/// — but the rules are these, so the advice's "after" is the patch's line. Each rule was learned from a patch that
/// compiled or ran wrong; a new one goes here, never into one engine alone.
/// </summary>
public static class AsyncRewriteRules
{
    /// <summary>A static blocking call and the static call that is awaited instead (same arguments, in order).</summary>
    public sealed record StaticTwin(string Type, string Member, string TwinType, string TwinMember);

    /// <summary><c>Task.WaitAll(…)</c> → <c>await Task.WhenAll(…)</c>, <c>Task.WaitAny</c> → <c>Task.WhenAny</c>,
    /// <c>Thread.Sleep(n)</c> → <c>await Task.Delay(n)</c> (which also takes the token in scope).</summary>
    public static IReadOnlyList<StaticTwin> StaticTwins { get; } =
    [
        new("Task", "WaitAll", "Task", "WhenAll"),
        new("Task", "WaitAny", "Task", "WhenAny"),
        new("Thread", "Sleep", "Task", "Delay"),
    ];

    public static StaticTwin? StaticTwinOf(string type, string member) =>
        StaticTwins.FirstOrDefault(t => t.Type == type && t.Member == member);

    /// <summary>The static twins that take the cancellation token in scope as their last argument.</summary>
    public static bool TakesToken(StaticTwin twin) => twin.TwinMember == "Delay";

    /// <summary>How a call blocks on a task it already has; each becomes <c>await</c> of that task.</summary>
    public enum TaskBlock
    {
        /// <summary><c>task.Result</c>: the receiver, awaited.</summary>
        Result,

        /// <summary><c>task.Wait()</c>: the receiver, awaited.</summary>
        Wait,

        /// <summary><c>task.Wait(token)</c>: <c>task.WaitAsync(token)</c>, awaited (both throw when the token fires). A
        /// Wait with a timeout returns whether the task finished, which WaitAsync does not: no mechanical form.</summary>
        WaitWithToken,

        /// <summary><c>task.GetAwaiter().GetResult()</c>: the task, awaited.</summary>
        GetAwaiterGetResult,
    }

    /// <summary>The member <see cref="TaskBlock.WaitWithToken"/> becomes.</summary>
    public const string WaitWithTokenTwin = "WaitAsync";

    /// <summary>The async twin of a sync member: <c>ExecuteReader</c> → <c>ExecuteReaderAsync</c>.</summary>
    public static string TwinName(string member) => member + "Async";

    /// <summary>The drivers' blocking verbs (ADO.NET, Npgsql, Dapper): what diagnose recognises as a driver call on a
    /// stack, and what both rewriters await beside the culprit (<see cref="AwaitedBeside"/>).</summary>
    public static IReadOnlySet<string> DriverVerbs { get; } = new HashSet<string>(StringComparer.Ordinal)
    {
        "ExecuteNonQuery", "ExecuteReader", "ExecuteScalar", "ExecuteDbDataReader", "ExecuteXmlReader",
        "Read", "NextResult", "Open", "OpenConnection", "Prepare", "BeginTransaction", "Commit", "Rollback",
        "Query", "QueryFirst", "QueryFirstOrDefault", "QuerySingle", "QuerySingleOrDefault", "Execute",
    };

    /// <summary>EF Core's DbContext/DbSet calls that run a query or a save (<c>SaveChanges</c>, <c>Find</c>), awaited beside
    /// the culprit as the driver verbs are (the app's EF Core call left blocking kept the patched method blocking). Not
    /// the LINQ operators (<c>ToList</c>, <c>First</c>): on text they are as often over a list in memory.</summary>
    public static IReadOnlySet<string> DataContextVerbs { get; } = new HashSet<string>(StringComparer.Ordinal) { "SaveChanges", "Find" };

    /// <summary>The blocks on a task the text names without doubt: <c>.Result</c>, <c>.GetAwaiter().GetResult()</c>,
    /// <c>Task.WaitAll/WaitAny</c>, <c>Thread.Sleep</c>. Not <c>.Wait()</c>: on text it may be a SemaphoreSlim's or an
    /// event's, whose twin is another call.</summary>
    public static IReadOnlySet<string> TaskBlocksBeside { get; } = new HashSet<string>(StringComparer.Ordinal)
    {
        "Result", "GetResult", "WaitAll", "WaitAny", "Sleep",
    };

    /// <summary>
    /// The other blocking calls of the function made async that are awaited with the culprit's call: a method that opens a
    /// connection and then queries blocks in both, and fixing one leaves the other (the lab's PostgresLabDatabase: the
    /// patched build still starved). Only what the text names without binding is: a block on a task
    /// (<paramref name="onTask"/>, <see cref="TaskBlocksBeside"/>), a driver verb or an EF Core data-context verb. `fix` takes these when their twin
    /// binds; the advice, which cannot bind, takes the twin to exist as diagnose does for a driver's frame. Any other call
    /// with a twin (a user's own pair, EF Core's operators, a semaphore's Wait) is left to be awaited by hand on both
    /// sides, so the advice never shows a line the patch writes otherwise.
    /// </summary>
    public static bool AwaitedBeside(string member, bool onTask) =>
        onTask ? TaskBlocksBeside.Contains(member) : DriverVerbs.Contains(member) || DataContextVerbs.Contains(member);

    /// <summary>
    /// <c>Stream.Read/Write(byte[] buffer, int offset, int count)</c> → <c>ReadAsync/WriteAsync(buffer.AsMemory(offset, count))</c>:
    /// the Memory overloads are the ones streams implement natively (the array ones wrap them; CA1835 asks for these).
    /// </summary>
    public static bool IsStreamArrayCall(string type, string member, int arguments) =>
        member is "Read" or "Write" && arguments == 3 && type.EndsWith("Stream", StringComparison.Ordinal);

    public static string StreamArrayArgument(string buffer, string offset, string count) => $"{buffer}.AsMemory({offset}, {count})";

    /// <summary>Where the token a twin is given comes from, best first: a token the code passes around, the request's,
    /// a gRPC call's. Null member: the value itself.</summary>
    public sealed record TokenSource(string Type, string? Member);

    public static IReadOnlyList<TokenSource> TokenSources { get; } =
    [
        new("System.Threading.CancellationToken", null),
        new("Microsoft.AspNetCore.Http.HttpContext", "RequestAborted"),
        new("Grpc.Core.ServerCallContext", "CancellationToken"),
    ];

    /// <summary>The result type of a function made async: <c>void</c> → <c>Task</c>, a Task or ValueTask stays (its returns
    /// are awaited instead), any other <c>T</c> → <c>Task&lt;T&gt;</c>.</summary>
    public static string AsyncResultType(string resultType) => resultType switch
    {
        "void" => "Task",
        _ when IsTaskLike(resultType) => resultType,
        _ => $"Task<{resultType}>",
    };

    /// <summary>A result type already awaitable by its name: Task, Task&lt;T&gt;, ValueTask, ValueTask&lt;T&gt; (qualified or not).</summary>
    public static bool IsTaskLike(string resultType)
    {
        var name = resultType.StartsWith("System.Threading.Tasks.", StringComparison.Ordinal) ? resultType["System.Threading.Tasks.".Length..] : resultType;
        return name is "Task" or "ValueTask" || name.StartsWith("Task<", StringComparison.Ordinal) || name.StartsWith("ValueTask<", StringComparison.Ordinal);
    }

    /// <summary>
    /// The name a function keeps or takes when made async (null: it keeps its name). MVC calls a view component's sync
    /// <c>Invoke</c> or async <c>InvokeAsync</c> by name and rejects an <c>Invoke</c> that returns a Task at run time (the
    /// patch compiles, then every request is a 500: found by `fix --verify`), so a view component's Invoke becomes InvokeAsync.
    /// </summary>
    public static string? AsyncName(string name, bool inViewComponent) =>
        inViewComponent && name == "Invoke" ? "InvokeAsync" : null;

    /// <summary>As MVC finds view components: a type deriving from <c>ViewComponent</c>, one with <c>[ViewComponent]</c>, or
    /// one named <c>*ViewComponent</c>.</summary>
    public static bool IsViewComponent(string typeName, IEnumerable<string> baseTypes, IEnumerable<string> attributes) =>
        typeName.EndsWith("ViewComponent", StringComparison.Ordinal)
        || baseTypes.Any(b => b is "Microsoft.AspNetCore.Mvc.ViewComponent" or "ViewComponent")
        || attributes.Any(a => a is "Microsoft.AspNetCore.Mvc.ViewComponentAttribute" or "ViewComponent" or "ViewComponentAttribute");

    /// <summary>
    /// In Razor markup an implicit expression <c>@x.Load().Result</c> becomes <c>@await x.Load()</c>: <c>await</c> before
    /// the <c>@</c> would be text on the page. One whose chain goes on (<c>.Name</c>) would need <c>@((await x).Name)</c>,
    /// which is no longer mechanical: null.
    /// </summary>
    public static string? RazorAwait(string expressionAfterAt, string rest) =>
        rest.Length > 0 && rest[0] is '.' or '[' or '(' ? null : "@await " + expressionAfterAt + rest;

    /// <summary>What an awaited expression is to the code around it.</summary>
    public enum AwaitPlace
    {
        /// <summary>A value on its own: <c>var x = await t;</c>, an argument, the operand of a cast (<c>(long)await t</c>).</summary>
        Alone,

        /// <summary>What something goes on from: <c>.Name</c>, <c>[0]</c>, <c>?.Name</c>, <c>(…)</c>.</summary>
        Receiver,

        /// <summary>The operand of a postfix operator: <c>!</c> (null-forgiving), <c>++</c>.</summary>
        PostfixOperand,

        /// <summary>The left of <c>as</c>, <c>is</c> or <c>??</c>.</summary>
        LeftOperand,
    }

    /// <summary>An awaited expression is parenthesised where the operator after it would otherwise bind to the task, not
    /// its result: <c>(await x).Name</c>, <c>(long)(await c.ExecuteScalarAsync())!</c>, <c>(await x) ?? y</c>.</summary>
    public static bool Parenthesized(AwaitPlace place) => place is not AwaitPlace.Alone;

    /// <summary>The place of an awaited expression from the text that follows it on its line.</summary>
    public static AwaitPlace PlaceBefore(string rest)
    {
        if (rest.Length == 0)
        {
            return AwaitPlace.Alone;
        }
        if (rest[0] is '.' or '[' or '(' || rest.StartsWith("?.", StringComparison.Ordinal) || rest.StartsWith("?[", StringComparison.Ordinal))
        {
            return AwaitPlace.Receiver;
        }
        if (rest[0] == '!' && (rest.Length == 1 || rest[1] != '=') || rest.StartsWith("++", StringComparison.Ordinal) || rest.StartsWith("--", StringComparison.Ordinal))
        {
            return AwaitPlace.PostfixOperand;
        }
        var after = rest.TrimStart();
        return after.StartsWith("as ", StringComparison.Ordinal) || after.StartsWith("is ", StringComparison.Ordinal) || after.StartsWith("??", StringComparison.Ordinal)
            ? AwaitPlace.LeftOperand
            : AwaitPlace.Alone;
    }

    /// <summary>The types whose <c>FromResult(x)</c> (and, for ValueTask, <c>new ValueTask&lt;T&gt;(x)</c>) a function that
    /// was not async built its result with by hand; made async, it returns <c>x</c> itself, and <c>CompletedTask</c> is a bare <c>return;</c>.</summary>
    public static IReadOnlyList<string> TaskTypes { get; } = ["Task", "ValueTask"];

    public const string FromResult = "FromResult";

    public const string CompletedTask = "CompletedTask";

    /// <summary>
    /// An MVC action filter blocking in <c>OnActionExecuting</c> cannot make that method async (MVC calls it
    /// synchronously): it becomes the async filter's method, which runs the old body, then awaits <c>next()</c>.
    /// </summary>
    public const string SyncActionFilterMethod = "OnActionExecuting";

    public static string AsyncActionFilterSignature(bool isOverride, string context) =>
        (isOverride ? "public override async Task" : "public async Task") + $" OnActionExecutionAsync(ActionExecutingContext {context}, ActionExecutionDelegate next)";
}
