namespace PoolDoctor.Model.Stacks;

/// <summary>
/// The HTTP request a thread was serving when it was sampled or waited, as ASP.NET Core's own events describe it
/// (Hosting's request start, routing's matched endpoint, MVC's action). Joined to samples by thread id and time in
/// the collector. Any part may be missing: a session that started mid-request sees no start event for it.
/// </summary>
/// <param name="HttpMethod">GET, POST, ...</param>
/// <param name="Path">The request path, e.g. <c>/customers/42</c>.</param>
/// <param name="Route">The matched route template, e.g. <c>/customers/{id}</c>, when routing reported it.</param>
/// <param name="Endpoint">The endpoint's display name, e.g. <c>HTTP: GET /customers/{id} =&gt; GetCustomer</c>.</param>
/// <param name="Action">The MVC action's display name, e.g. <c>Shop.Controllers.OrdersController.Get (Shop)</c>.</param>
public sealed record RequestContext(
    string? HttpMethod,
    string? Path,
    string? Route = null,
    string? Endpoint = null,
    string? Action = null);
