namespace FixIo.Quotas;

public static class ExportEndpoints
{
    public static IResult Export(string name, ExportThrottle throttle, CancellationToken cancellationToken) =>
        Results.Text(throttle.Run(name, n => $"export {n}"));
}
