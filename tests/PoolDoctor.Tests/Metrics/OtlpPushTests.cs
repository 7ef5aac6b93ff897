using System.Net;
using System.Text;
using PoolDoctor.Metrics;

namespace PoolDoctor.Tests.Metrics;

/// <summary>
/// The OTLP push against a real OTLP/HTTP receiver on loopback (an HttpListener at /v1/metrics): the SDK's own
/// exporter must POST a protobuf ExportMetricsServiceRequest that carries our instruments and their values' labels.
/// </summary>
public sealed class OtlpPushTests
{
    [Fact]
    public async Task Pushes_the_same_metrics_as_protobuf_to_an_otlp_http_receiver()
    {
        var port = MetricsFixtures.FreePort();
        using var receiver = new HttpListener();
        receiver.Prefixes.Add($"http://127.0.0.1:{port}/");
        receiver.Start();
        // The first export may come before every observable instrument has reported (a busy machine): keep reading
        // exports until one carries them all, or 30 s pass.
        (string Path, string? ContentType, byte[] Body)? last = null;
        using (OtlpPush.Start($"http://127.0.0.1:{port}", TimeSpan.FromMilliseconds(500), MetricsFixtures.Starving()))
        {
            var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(30);
            while (DateTime.UtcNow < deadline && (last is null || !Complete(last.Value.Body)))
            {
                var next = ReceiveOneAsync(receiver);
                if (await Task.WhenAny(next, Task.Delay(deadline - DateTime.UtcNow)) != next)
                {
                    break;
                }
                last = await next;
            }
        }
        Assert.NotNull(last);
        var (path, contentType, body) = last.Value;
        Assert.Equal("/v1/metrics", path);
        Assert.Equal("application/x-protobuf", contentType);
        // Protobuf keeps strings as UTF-8 bytes: the instrument names and label values are in the request as written.
        var text = Encoding.UTF8.GetString(body);
        Assert.Contains(OtlpPush.MeterName, text);
        Assert.Contains(MetricNames.Starving, text);
        Assert.Contains(MetricNames.ThreadCount, text);
        Assert.Contains(MetricNames.Verdict, text);
        Assert.Contains("Starving", text);
        Assert.Contains("OrdersController.Get", text);
        Assert.Contains("CooperativeBlocking", text);
    }

    private static bool Complete(byte[] body)
    {
        var text = Encoding.UTF8.GetString(body);
        return text.Contains(MetricNames.Starving, StringComparison.Ordinal) && text.Contains("OrdersController.Get", StringComparison.Ordinal)
            && text.Contains("CooperativeBlocking", StringComparison.Ordinal);
    }

    private static async Task<(string Path, string? ContentType, byte[] Body)> ReceiveOneAsync(HttpListener receiver)
    {
        var context = await receiver.GetContextAsync();
        using var body = new MemoryStream();
        await context.Request.InputStream.CopyToAsync(body);
        var result = (context.Request.Url!.AbsolutePath, context.Request.ContentType, body.ToArray());
        context.Response.StatusCode = 200;
        context.Response.ContentType = "application/x-protobuf";
        context.Response.Close();
        return result;
    }

    [Fact]
    public void A_url_that_is_not_http_is_a_one_line_error()
    {
        var e = Assert.Throws<MetricsException>(() => OtlpPush.Start("grpc://127.0.0.1:4317", TimeSpan.FromSeconds(5), new WatchState()));
        Assert.StartsWith("--otlp: ", e.Message);
    }
}
