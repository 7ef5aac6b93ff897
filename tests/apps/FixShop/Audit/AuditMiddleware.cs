namespace FixShop.Audit;

/// <summary>Records every call under /admin before it runs.</summary>
public sealed class AuditMiddleware(RequestDelegate next, AuditSink sink)
{
    public Task Invoke(HttpContext context)
    {
        if (context.Request.Path.StartsWithSegments("/admin"))
        {
            sink.WriteAsync($"{context.Request.Method} {context.Request.Path}").Wait();
        }
        return next(context);
    }
}
