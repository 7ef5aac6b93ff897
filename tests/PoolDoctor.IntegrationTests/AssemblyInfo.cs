// Each class is a collection, and three run at a time on the 2-core machine: the tests spend most of their time waiting
// on blocked pool threads, timeouts and child processes, not computing, and every verdict they assert must hold on a
// host that is busy with other work too, as a user's is. Tests of one class run one after another (a class that
// shares a lab or a port keeps to itself). Measured: bench/RESULTS.md, "Issue 22: CI time".
[assembly: CollectionBehavior(CollectionBehavior.CollectionPerClass, MaxParallelThreads = 3)]
