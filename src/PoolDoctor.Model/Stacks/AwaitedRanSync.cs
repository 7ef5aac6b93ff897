namespace PoolDoctor.Model.Stacks;

/// <summary>
/// The user's code awaited <see cref="Awaited"/>, and the pool thread blocked inside it before it returned its task:
/// the asynchronous API ran synchronously. <see cref="Ran"/> is the frame it ran (the package's method under it).
/// <see cref="NotOverridden"/>: <see cref="Ran"/> is the synchronous twin on another type, i.e. that type does not
/// override the async method and the base class's version calls the sync one (MySql.Data before 8.0.33:
/// <c>DbCommand.ExecuteScalarAsync</c> runs <c>MySqlCommand.ExecuteScalar</c>).
/// </summary>
public sealed record AwaitedRanSync(string Awaited, string Ran, bool NotOverridden)
{
    /// <summary><see cref="Awaited"/> as its declaring type and member (<c>DbCommand</c>, <c>ExecuteScalarAsync</c>).</summary>
    public ApiName AwaitedName => ApiName.Parse(Awaited);
}
