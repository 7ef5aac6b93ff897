// Integration tests put real load on a 2-core machine; running them side by side would make every
// latency figure meaningless, so they run one at a time. The classes marked [Trait("Lane", "Paired")] assert only
// what blocking shows whatever else runs (a call site in a dump or a stack capture, a route's answers), never a verdict
// that CPU could change; scripts/test.sh runs those two at a time
// (xUnit.ParallelizeTestCollections=true, MaxParallelThreads=2 from its command line, one class per collection).
[assembly: CollectionBehavior(DisableTestParallelization = true)]
