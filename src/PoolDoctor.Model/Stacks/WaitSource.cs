namespace PoolDoctor.Model.Stacks;

public enum WaitSource
{
    WaitHandle,
    Contention,
    TaskWait,
}
