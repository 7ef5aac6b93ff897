namespace FixShapes;

/// <summary>A facade over the catalog service, written as one-liners.</summary>
public sealed class CatalogFacade(HttpClient http)
{
    public string Get(HttpContext ctx, int id) => http.GetStringAsync($"/items/{id}", ctx.RequestAborted).Result;

    public string Describe(int id) =>
        http.GetStringAsync($"/items/{id}/text").Result;

    public static string Fetch(HttpClient client, int id) => client.GetStringAsync($"/items/{id}/raw").Result;

    public Task<string> NameAsync(int id) => http.GetStringAsync($"/items/{id}/name");
}
