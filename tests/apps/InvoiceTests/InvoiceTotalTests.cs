namespace InvoiceTests;

/// <summary>One test that fails on purpose, with a message a user would look for in the doctor's output.</summary>
public sealed class InvoiceTotalTests
{
    [Fact]
    public async Task Invoice_total_includes_the_tax()
    {
        // Long enough for the doctor to find the testhost and attach before the run ends.
        await Task.Delay(TimeSpan.FromSeconds(4));
        var total = 100m;
        Assert.True(total == 110m, $"the invoice total {total} left out the 10 % tax");
    }
}
