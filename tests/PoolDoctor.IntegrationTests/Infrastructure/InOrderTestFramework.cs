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
/// Beyond <see cref="AtATime"/>, up to <see cref="MostAtATime"/> run while the cores have time to spare: once fix's lane
/// (scripts/test.sh) has ended, four classes left a quarter of the CPU idle for the last five minutes of a CI run.
/// </summary>
public sealed class InOrderTestFramework(IMessageSink messageSink) : XunitTestFramework(messageSink)
{
    /// <summary>Classes running at once (the assembly's CollectionBehavior says the same, for readers and other runners).</summary>
    public const int AtATime = 4;

    /// <summary>Classes running at once while the machine idles (<see cref="SpareShare"/>).</summary>
    public const int MostAtATime = 6;

    /// <summary>The idle share of all cores over <see cref="SpareSeconds"/> that lets one more class start.</summary>
    private const double SpareShare = 0.2;

    private const int SpareSeconds = 5;

    /// <summary>A class just started needs a few seconds before the idle share shows its load.</summary>
    private static readonly TimeSpan SpareGap = TimeSpan.FromSeconds(10);

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
            if (workers < MostAtATime)
            {
                ThreadPool.SetMinThreads(MostAtATime, io);
            }
            using var spare = new SpareCpu(SpareSeconds);
            // Released whenever a class ends; the loop below re-reads the count and the idle share after each wake-up.
            using var ended = new SemaphoreSlim(0);
            var active = 0;
            var lastSpareStart = DateTime.MinValue;
            var running = new List<Task<RunSummary>>();
            foreach (var (collection, cases) in OrderTestCollections())
            {
                try
                {
                    while (true)
                    {
                        var now = Volatile.Read(ref active);
                        if (now < AtATime)
                        {
                            break;
                        }
                        if (now < MostAtATime && DateTime.UtcNow - lastSpareStart >= SpareGap && spare.IdleShare >= SpareShare)
                        {
                            lastSpareStart = DateTime.UtcNow;
                            break;
                        }
                        await ended.WaitAsync(TimeSpan.FromSeconds(1), cancellationTokenSource.Token);
                    }
                }
                catch (OperationCanceledException)
                {
                    break;
                }
                Interlocked.Increment(ref active);
                running.Add(Task.Run(async () =>
                {
                    try
                    {
                        // The base's per-class run: its own semaphore is never created here, so it does not wait again.
                        return await RunTestCollectionAsync(messageBus, collection, cases, cancellationTokenSource);
                    }
                    finally
                    {
                        Interlocked.Decrement(ref active);
                        ended.Release();
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
