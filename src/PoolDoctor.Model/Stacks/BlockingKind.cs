namespace PoolDoctor.Model.Stacks;

/// <summary>The blocking kinds, named as the issue and the JSON report name them.</summary>
public enum BlockingKind
{
    SyncOverAsync,
    Sleep,
    SyncIO,
    Lock,
    SyncWait,
}
