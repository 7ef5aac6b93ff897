namespace PoolDoctor.Lab.Scenarios;

/// <summary>What a blocking scenario's threads wait in, in the words the tool's culprits use.</summary>
public enum LabBlockingKind
{
    SyncOverAsync,
    Sleep,
    SyncIO,
    Lock,
    SyncWait,
}
