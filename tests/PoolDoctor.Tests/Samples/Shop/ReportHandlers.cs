namespace PoolDoctor.Tests.Samples.Shop;

public static class ReportHandlers
{
    public static void Build(int pause) => Task.Run(() => Thread.Sleep(pause)).Wait();

    // One await and one blocking GetResult in the same state machine.
    public static async Task Audit(Task flush)
    {
        await Task.Yield();
        flush.GetAwaiter().GetResult();
    }

    public static int Pick(int which)
    {
        var value = which switch
        {
            0 => Math.Abs(which),
            1 => Math.Max(which, 1),
            2 => Math.Min(which, 2),
            3 => Math.Sign(which),
            _ => 7,
        };
        Thread.Sleep(0);
        return value;
    }
}
