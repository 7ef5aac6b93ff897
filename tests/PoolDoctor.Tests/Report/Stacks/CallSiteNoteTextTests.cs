using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Advice;
using PoolDoctor.Report.Stacks;
using static PoolDoctor.Model.Stacks.CallSiteNoteKind;

namespace PoolDoctor.Tests.Report.Stacks;

/// <summary>
/// One row per call-site note form: a note as Analysis makes it, and the sentence Analysis's own template wrote for
/// those names before the wording moved to Report (BlockingSiteFinder, PackageSites and the invoker shapes at 4f6522f).
/// Most forms are reached by no report snapshot, so this is where their words are held still.
/// </summary>
public sealed class CallSiteNoteTextTests
{
    private const string Lambda = "dynamicClass.lambda_method9";
    private static readonly PackageRef Limiter = new("Contoso.Limiter", "2.1.0", Direct: true);

    public static TheoryData<CallSiteNote, string> Notes => new()
    {
        { new(LibraryOnly), "no user code on the stack: a library blocks here" },
        {
            new(InlinedByJit) { Frame = "PriceHandlers.Quote", IlOffset = 0x1f, Found = new("PriceService.Load", "Task.Result", "PriceService.cs:12", 1, ["PriceService.Load"]) },
            "inlined by the JIT into PriceHandlers.Quote (its statement at IL_001f); found in the app's IL: PriceService.Load calls Task.Result at PriceService.cs:12"
        },
        {
            new(InlinedByJit) { Frame = "PriceHandlers.Quote", Found = new("PriceService.Load", "Task.Result", null, 3, ["PriceService.Load", "A.X", "B.Y"]) },
            "inlined by the JIT into PriceHandlers.Quote (its statement not known: any of its calls); found in the app's IL: PriceService.Load calls Task.Result; one of 3 methods reached from there that call Task.Result: PriceService.Load, A.X, B.Y"
        },
        {
            new(InlinedIntoFramework) { Frame = Lambda, Endpoint = "GET /Report", Found = new("ReportService.Lines", "Task.Result", "Program.cs:57", 1, ["ReportService.Lines"]) },
            "inlined into framework code (dynamicClass.lambda_method9); found in the app's IL: ReportService.Lines calls Task.Result at Program.cs:57, reached from endpoint GET /Report"
        },
        {
            new(InlinedIntoFramework) { Endpoint = "GET /Report", Found = new("ReportService.Lines", "Task.Wait", "Program.cs:57", 2, ["ReportService.Lines", "Other.Lines"]) },
            "inlined into framework code; found in the app's IL: ReportService.Lines calls Task.Wait at Program.cs:57, reached from endpoint GET /Report; one of 2 methods reachable from it that call Task.Wait: ReportService.Lines, Other.Lines"
        },
        {
            new(InlinedIntoInvoker) { Invoker = InvokerKind.Hub, Frame = Lambda, Found = new("InventoryHub.GetStock", "Task.Result", null, 2, ["InventoryHub.GetStock", "InventoryHub.Count"]) },
            "inlined into a hub method's delegate (dynamicClass.lambda_method9, called by SignalR's hub dispatcher); found in the app's IL: InventoryHub.GetStock calls Task.Result; one of 2 hub methods that call Task.Result: InventoryHub.GetStock, InventoryHub.Count"
        },
        {
            new(InlinedIntoInvoker) { Invoker = InvokerKind.ViewComponent, Frame = Lambda, Found = new("CartSummary.Invoke", "Task.Result", "CartSummary.cs:9", 2, ["CartSummary.Invoke", "Menu.Invoke"]) },
            "inlined into a view component's delegate (dynamicClass.lambda_method9, called by MVC's view component invoker); found in the app's IL: CartSummary.Invoke calls Task.Result at CartSummary.cs:9; one of 2 view component methods that call Task.Result: CartSummary.Invoke, Menu.Invoke"
        },
        {
            new(HandlerInlined) { Frame = Lambda, Endpoint = "GET /api/diagscenario/taskwait (DiagScenarioController.TaskWait)" },
            "handler inlined into framework code (dynamicClass.lambda_method9); endpoint GET /api/diagscenario/taskwait (DiagScenarioController.TaskWait)"
        },
        {
            new(HandlerMapped) { Frame = Lambda, Endpoint = "GET /orders/{id}", Method = "OrderLookup.Get", Api = "Task.Result" },
            "handler inlined into framework code (dynamicClass.lambda_method9); endpoint GET /orders/{id}, mapped to OrderLookup.Get in the app's IL, which reaches no call to Task.Result"
        },
        {
            new(HandlerUnnamed) { Frame = Lambda, Endpoint = "GET /orders/{id}", Method = "Program.<>c.<Main>b__0_1" },
            "handler inlined into framework code (dynamicClass.lambda_method9); endpoint GET /orders/{id} (its handler has no name: Program.<>c.<Main>b__0_1)"
        },
        {
            new(HandlerUnmapped) { Frame = Lambda, Endpoint = "GET /orders/{id}" },
            "handler inlined into framework code (dynamicClass.lambda_method9); endpoint GET /orders/{id} (the app's IL maps no one method to it)"
        },
        {
            new(GeneratedMayHoldHandler) { Frame = Lambda, Api = "Task.Result" },
            "Task.Result is called from generated framework code (dynamicClass.lambda_method9): the JIT may have inlined the user's handler there, and no ASP.NET Core event named the endpoint"
        },
        {
            new(GeneratedNotHandler) { Frame = "dynamicClass.ResolveService", Api = "Monitor.Enter" },
            "Monitor.Enter is called from generated framework code (dynamicClass.ResolveService), which is not a request's handler delegate (a container's service factory, a stub): "
                + "the JIT may have inlined a user method there (a service's constructor), so the request's handler is not named"
        },
        {
            new(InvokerUnresolved) { Invoker = InvokerKind.Hub, Frame = Lambda, Api = "Task.Result" },
            "a hub method inlined into dynamicClass.lambda_method9 (called by SignalR's hub dispatcher); the app's IL shows no hub method that calls Task.Result, so the call site is unresolved"
        },
        {
            new(InvokerUnresolved) { Invoker = InvokerKind.ViewComponent, Frame = Lambda, Api = "Task.Result" },
            "a view component's Invoke inlined into dynamicClass.lambda_method9 (called by MVC's view component invoker); the app's IL shows no view component that calls Task.Result"
        },
        {
            new(OverrideUnresolved) { Frame = "DefaultPartitionedRateLimiter<T1,T2>.AttemptAcquireCore", Api = "GetAwaiter().GetResult()" },
            "GetAwaiter().GetResult() runs under the framework's DefaultPartitionedRateLimiter<T1,T2>.AttemptAcquireCore, whose IL does not call it: "
                + "tier-1 code inlined an override of a package or of the app there, and the IL read does not say which one, so the call site is unresolved"
        },
        {
            Inside(Package(PackageReach.AwaitsRanSync, "Shop.Api.Send") with
            {
                Ran = new AwaitedRanSync("Contoso.Client.SendAsync", "Contoso.Client.Send", NotOverridden: true),
            }),
            "blocks inside package Contoso.Limiter 2.1.0 (referenced by the app): Contoso.Limiter.Acquire calls Monitor.Enter; Shop.Api.Send awaits Contoso.Client.SendAsync, which ran Contoso.Client.Send synchronously (Contoso.Client does not override SendAsync)"
        },
        {
            Inside(Package(PackageReach.CallsApi, "Shop.Api.Send") with { UserCall = new AsyncTwin("Contoso.Limiter.Acquire", null) }),
            "blocks inside package Contoso.Limiter 2.1.0 (referenced by the app): Contoso.Limiter.Acquire calls Monitor.Enter; Shop.Api.Send calls Contoso.Limiter.Acquire (no async twin), under which the package blocks"
        },
        {
            Inside(Package(PackageReach.CallsInto, "Shop.Api.Send")),
            "blocks inside package Contoso.Limiter 2.1.0 (referenced by the app): Contoso.Limiter.Acquire calls Monitor.Enter; Shop.Api.Send calls into package Contoso.Limiter 2.1.0"
        },
        {
            Inside(Package(PackageReach.NoUserFrame, null) with
            {
                Package = Limiter with { Direct = false },
                Registration = new PackageRegistration("Startup.AddLimits", "LimiterServiceCollectionExtensions.AddContosoLimiter", "Program.cs:5", InlinedInto: null),
            }),
            "blocks inside package Contoso.Limiter 2.1.0 (a transitive dependency): Contoso.Limiter.Acquire calls Monitor.Enter; no user frame on the stack: package Contoso.Limiter 2.1.0 is called by the framework; "
                + "the app reaches it through Startup.AddLimits, which calls LimiterServiceCollectionExtensions.AddContosoLimiter at Program.cs:5"
        },
        {
            Inside(Package(PackageReach.NoUserFrame, null) with
            {
                Caller = "Microsoft.AspNetCore.RateLimiting.RateLimitingMiddleware.Invoke",
                Registration = new PackageRegistration("ProductQueries.Cheap", "Enumerable.ToList", "ProductQueries.cs:6", InlinedInto: "dynamicClass.lambda_method1"),
            }),
            "blocks inside package Contoso.Limiter 2.1.0 (referenced by the app): Contoso.Limiter.Acquire calls Monitor.Enter; no user frame on the stack: package Contoso.Limiter 2.1.0 is called by Microsoft.AspNetCore.RateLimiting.RateLimitingMiddleware.Invoke; "
                + "ProductQueries.Cheap calls Enumerable.ToList at ProductQueries.cs:6, inlined by the JIT into dynamicClass.lambda_method1 (found in the app's IL)"
        },
        { CallSiteNote.Words("words from an older report"), "words from an older report" },
    };

    [Theory]
    [MemberData(nameof(Notes))]
    public void A_note_reads_as_its_template_wrote_it(CallSiteNote note, string sentence) =>
        Assert.Equal(sentence, CallSiteNoteText.Line(note));

    [Fact]
    public void Every_note_kind_has_a_row() =>
        Assert.Equal(Enum.GetValues<CallSiteNoteKind>().Order(), Notes.Select(row => ((CallSiteNote)row[0]).Kind).Distinct().Order());

    [Fact]
    public void Every_advice_evidence_kind_has_a_line()
    {
        var note = new CallSiteNote(LibraryOnly);
        var lines = Enum.GetValues<AdviceEvidenceKind>().Select(kind => AdviceEvidenceText.Line(new AdviceEvidence(kind)
        {
            Threads = 1, Api = "Task.Result", Method = "Orders.Get", Share = 0.5, Entry = new WorkEntry(EntryKind.Request, "GET /orders"), Note = note, WaitMs = 12, Frames = ["Task.Result", "Orders.Get"], Text = "as written",
        })).ToList();
        Assert.All(lines, line => Assert.False(string.IsNullOrWhiteSpace(line)));
        Assert.Contains("1 pool thread blocked in Task.Result called by Orders.Get, ", lines[0], StringComparison.Ordinal);
        Assert.Equal("top of the example stack: Task.Result <- Orders.Get", lines[(int)AdviceEvidenceKind.ExampleStack]);
        Assert.Equal("as written", lines[(int)AdviceEvidenceKind.Words]);
    }

    private static PackageNote Package(PackageReach reach, string? user) =>
        new(Limiter, "Contoso.Limiter.Acquire", "Monitor.Enter", reach) { UserFrame = user };

    private static CallSiteNote Inside(PackageNote package) => new(InsidePackage) { Package = package };
}
