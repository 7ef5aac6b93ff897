using System.Reflection;
using Xunit.Abstractions;
using Xunit.Sdk;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// xUnit's own runner, except that the test classes start in <see cref="LongestFirst"/>'s order, <see cref="AtATime"/>
/// at a time. xUnit 2's conservative runner starts every class at once on the thread pool, and each waits on one
/// semaphore: the order in which they reach it is the order their threads happened to run. On the 2 loaded cores one
/// CI run queued a two-minute class (CulpritEndToEndTests, fifth by its seconds) behind all the others, and it ran alone
/// at the end for 100 s. Here one loop takes a slot, then starts the next class, so the order is the orderer's.
/// </summary>
public sealed class InOrderTestFramework(IMessageSink messageSink) : XunitTestFramework(messageSink)
{
    /// <summary>Classes running at once (the assembly's CollectionBehavior says the same, for readers and other runners).</summary>
    public const int AtATime = 4;

    protected override ITestFrameworkExecutor CreateExecutor(AssemblyName assemblyName) =>
        new Executor(assemblyName, SourceInformationProvider, DiagnosticMessageSink);

    private sealed class Executor(AssemblyName assemblyName, ISourceInformationProvider sourceInformation, IMessageSink diagnosticMessageSink)
        : XunitTestFrameworkExecutor(assemblyName, sourceInformation, diagnosticMessageSink)
    {
        // The base's shape (async void is the framework's contract here: the runner reports its end through the sink).
        protected override async void RunTestCases(IEnumerable<IXunitTestCase> testCases, IMessageSink executionMessageSink, ITestFrameworkExecutionOptions executionOptions)
        {
            using var runner = new InOrderAssemblyRunner(TestAssembly, testCases, DiagnosticMessageSink, executionMessageSink, executionOptions);
            await runner.RunAsync();
        }
    }

    private sealed class InOrderAssemblyRunner(
        ITestAssembly testAssembly,
        IEnumerable<IXunitTestCase> testCases,
        IMessageSink diagnosticMessageSink,
        IMessageSink executionMessageSink,
        ITestFrameworkExecutionOptions executionOptions)
        : XunitTestAssemblyRunner(testAssembly, testCases, diagnosticMessageSink, executionMessageSink, executionOptions)
    {
        protected override async Task<RunSummary> RunTestCollectionsAsync(IMessageBus messageBus, CancellationTokenSource cancellationTokenSource)
        {
            // The floor xUnit's conservative runner sets too: the tests' own awaits need threads beside the running classes.
            ThreadPool.GetMinThreads(out var workers, out var io);
            if (workers < AtATime)
            {
                ThreadPool.SetMinThreads(AtATime, io);
            }
            using var slots = new SemaphoreSlim(AtATime);
            var running = new List<Task<RunSummary>>();
            foreach (var (collection, cases) in OrderTestCollections())
            {
                try
                {
                    await slots.WaitAsync(cancellationTokenSource.Token);
                }
                catch (OperationCanceledException)
                {
                    break;
                }
                running.Add(Task.Run(async () =>
                {
                    try
                    {
                        // The base's per-class run: its own semaphore is never created here, so it does not wait again.
                        return await RunTestCollectionAsync(messageBus, collection, cases, cancellationTokenSource);
                    }
                    finally
                    {
                        slots.Release();
                    }
                }));
            }
            var summaries = await Task.WhenAll(running);
            return new RunSummary
            {
                Total = summaries.Sum(s => s.Total),
                Failed = summaries.Sum(s => s.Failed),
                Skipped = summaries.Sum(s => s.Skipped),
                Time = summaries.Sum(s => s.Time),
            };
        }
    }
}
