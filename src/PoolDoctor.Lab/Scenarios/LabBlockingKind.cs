namespace PoolDoctor.Lab.Scenarios;

/// <summary>
/// What a blocking scenario's threads wait in, in the words the tool's culprits use (matched by name, so the order is
/// the lab's own).
/// </summary>
public enum LabBlockingKind
{
    Lock,
    Sleep,
    SyncIO,
    SyncOverAsync,
    SyncWait,
}
