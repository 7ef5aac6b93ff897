using System.Text;
using System.Text.Json;
using PoolDoctor.Model.Dumps;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Dumps;

public class ThreadPoolStateOutputTests
{
    [Fact]
    public void Text_names_every_known_figure()
    {
        var line = ThreadPoolText.Describe(new ThreadPoolState(20, 20, 0, 2, 20, 37, 35, 2));

        Assert.Equal("Thread pool: 20 worker threads (20 active, 0 idle); min 2, max 20; 37 work items queued (35 global, 2 in local queues)", line);
    }

    [Fact]
    public void Unknown_figures_are_left_out_of_text_and_null_in_json()
    {
        var pool = new ThreadPoolState(20, null, null, 2, 20, null, null, null);

        Assert.Equal("Thread pool: 20 worker threads; min 2, max 20", ThreadPoolText.Describe(pool));

        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream))
        {
            json.WriteStartObject();
            ThreadPoolJson.Write(json, pool);
            json.WriteEndObject();
        }
        using var document = JsonDocument.Parse(Encoding.UTF8.GetString(stream.ToArray()));
        var written = document.RootElement.GetProperty("threadPool");
        Assert.Equal(20, written.GetProperty("threads").GetInt32());
        Assert.Equal(2, written.GetProperty("minThreads").GetInt32());
        Assert.Equal(JsonValueKind.Null, written.GetProperty("queued").ValueKind);
    }
}
