namespace PoolDoctor.Lab.Scenarios;

/// <summary>
/// What a blocking scenario's threads wait in, in the words the tool's culprits use. The lab is a target app and
/// references none of the tool's projects (a user's service would not), so it keeps its own names; the corpus compares
/// them with the tool's <c>BlockingKind</c> by name, and <c>LabScenariosTests</c> keeps every name one of the tool's.
/// </summary>
public enum LabBlockingKind
{
    Lock,
    Sleep,
    SyncIO,
    SyncOverAsync,
    SyncWait,
}
