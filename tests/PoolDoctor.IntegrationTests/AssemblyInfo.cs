// Integration tests put real load on a 2-core machine; running them side by side would make every
// latency figure meaningless, so they run one at a time.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
