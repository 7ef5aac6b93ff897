namespace PoolDoctor.Model.Load;

public sealed record StatusCounts(long Informational, long Success, long Redirect, long ClientError, long ServerError, long Other)
{
    public long NonSuccess => Informational + Redirect + ClientError + ServerError + Other;
}
