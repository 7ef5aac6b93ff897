using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Runs;

/// <summary>Attaching as a run does it: a target that cannot be attached fails the run (exit 1) with the attach layer's one-line reason.</summary>
internal static class TargetAttach
{
    public static async Task<AttachedTarget> AttachAsync(TargetSpec spec, CancellationToken cancellation)
    {
        try
        {
            return await AttachedTarget.AttachAsync(spec, cancellation);
        }
        catch (AttachException e)
        {
            throw new RunFailedException(e.Message, e);
        }
    }
}
