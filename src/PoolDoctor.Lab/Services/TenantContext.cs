namespace PoolDoctor.Lab.Services;

/// <summary>The request's tenant, built per request by a DI factory (LabApp) from the tenant directory.</summary>
public sealed record TenantContext(string Tenant);
