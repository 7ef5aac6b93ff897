using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>A request a thread serves, with ASP.NET Core's identifier so a later trace can see it end.</summary>
public sealed record ServedRequest(string TraceId, RequestContext Context);
