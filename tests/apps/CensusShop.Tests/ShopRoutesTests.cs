using Microsoft.AspNetCore.Mvc.Testing;

namespace CensusShop.Tests;

public sealed class ShopRoutesTests(WebApplicationFactory<Program> factory) : IClassFixture<WebApplicationFactory<Program>>
{
    [Theory]
    [InlineData("/prices/ABC-1/now")]
    [InlineData("/prices/ABC-1")]
    public async Task A_price_is_quoted(string url)
    {
        var client = factory.CreateClient();
        var price = await client.GetStringAsync(url);
        Assert.Equal("15", price);
    }

    [Theory]
    [InlineData("reserve-now")]
    [InlineData("reserve")]
    public async Task Concurrent_reservations_are_all_counted(string action)
    {
        var client = factory.CreateClient();
        var responses = await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => client.PostAsync($"/stock/SKU-77/{action}", null)));
        Assert.All(responses, r => Assert.True(r.IsSuccessStatusCode));
    }

    [Theory]
    [InlineData("checkout-now")]
    [InlineData("checkout")]
    public async Task Concurrent_checkouts_are_all_paid(string action)
    {
        var client = factory.CreateClient();
        var bodies = await Task.WhenAll(Enumerable.Range(1, 4).Select(id => client.PostAsync($"/carts/{id}/{action}", null)
            .ContinueWith(t => t.Result.Content.ReadAsStringAsync(), TaskScheduler.Default).Unwrap()));
        Assert.All(bodies, b => Assert.EndsWith("paid", b));
    }

    [Fact]
    public async Task The_archiver_runs_in_the_background()
    {
        var client = factory.CreateClient();
        for (var i = 0; i < 50 && await client.GetStringAsync("/reports/archived") == "0"; i++)
        {
            await Task.Delay(20);
        }
        Assert.NotEqual("0", await client.GetStringAsync("/reports/archived"));
    }
}
