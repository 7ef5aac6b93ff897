// Each class is a collection, and four run at a time on the 2-core machine, the longest first: the tests spend most of
// their time waiting on blocked pool threads, timeouts and child processes, not computing, and every verdict they assert
// must hold on a host that is busy with other work too, as a user's is. Tests of one class run one after another.
// InOrderTestFramework starts the classes in LongestFirst's order (xUnit's own runner lets the thread pool pick).
// Measured: bench/RESULTS.md, "Issue 22: CI time".
[assembly: CollectionBehavior(CollectionBehavior.CollectionPerClass, MaxParallelThreads = PoolDoctor.IntegrationTests.Infrastructure.InOrderTestFramework.AtATime)]
[assembly: TestCollectionOrderer("PoolDoctor.IntegrationTests.Infrastructure.LongestFirst", "PoolDoctor.IntegrationTests")]
[assembly: TestFramework("PoolDoctor.IntegrationTests.Infrastructure.InOrderTestFramework", "PoolDoctor.IntegrationTests")]
