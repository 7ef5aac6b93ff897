using System.CommandLine;
using System.Globalization;
using PoolDoctor.Cli.Options;
using PoolDoctor.Load;

namespace PoolDoctor.Verbs.Load;

/// <summary>The options of `load` and their translation into <see cref="LoadOptions"/>; every bad value is a usage error.</summary>
internal sealed class LoadCommandOptions
{
    public Argument<string> Url { get; } = new("url") { HelpName = "URL", Description = "The http:// or https:// URL to load, e.g. http://127.0.0.1:5000/api/diagscenario/taskwait." };

    public Option<int> Connections { get; } = ConnectionsOption.Create("Concurrent connections.");

    // No default of its own: without it the run lasts 10 s, or up to 1 h with -n alone (the description says so).
    public DurationOption Duration { get; } = DurationOption.Create(
        "--duration", ["-d"], "How long to load: 10s, 500ms, 2m, 1h or plain seconds (default 10s; with -n alone, up to 1h).",
        maximum: LoadOptions.MaxDuration);

    public Option<long?> Requests { get; } = new("--requests", "-n") { HelpName = "COUNT", Description = "Stop after this many requests (responses and errors)." };

    public DurationOption Timeout { get; } = DurationOption.Create("--timeout", [], "Per-request timeout; requests over it count as 'timeout' errors.", defaultText: "30s");

    public Option<double?> Rate { get; } = new("--rate", "-r")
    {
        HelpName = "RATE",
        Description = "Open model: this many requests/s in total, latency measured from each request's scheduled time (wrk2 style).",
    };

    public LoadRequestOptions Request { get; } = new();

    public LoadProtocolOptions Protocol { get; } = new();

    // For bench/load-vs-wrk.sh: the same load through SocketsHttpHandler, to weigh the epoll engine against it.
    public Option<bool> HttpClient { get; } = new("--http-client") { Description = "Use SocketsHttpHandler even for http://.", Hidden = true };

    public Option<OutputFormat> Format { get; } = FormatOption.Create("Output format: text (bombardier's layout) or json.");

    /// <summary>The bound of a run given only -n: long enough for any sensible count, short enough to never run away.</summary>
    public static readonly TimeSpan CountOnlyDurationLimit = TimeSpan.FromHours(1);

    public void AddTo(Command command)
    {
        command.Arguments.Add(Url);
        command.Options.Add(Connections);
        command.Options.Add(Duration.Option);
        command.Options.Add(Requests);
        command.Options.Add(Timeout.Option);
        command.Options.Add(Rate);
        Request.AddTo(command);
        Protocol.AddTo(command);
        command.Options.Add(HttpClient);
        command.Options.Add(Format);
    }

    public LoadOptions Read(ParseResult parse)
    {
        var url = LoadUrl.Parse(parse.GetValue(Url)!);
        var requests = parse.GetValue(Requests);
        if (requests is < 1)
        {
            throw new UsageException($"--requests: must be at least 1 (got {requests})");
        }
        if (parse.GetValue(Rate) is { } rate && !(rate > 0 && double.IsFinite(rate)))
        {
            throw new UsageException(FormattableString.Invariant($"--rate: must be a positive number of requests per second (got {rate})"));
        }
        var duration = Duration.Read(parse) ?? (requests is null ? LoadOptions.DefaultDuration : CountOnlyDurationLimit);
        var timeout = Timeout.ReadOrDefault(parse);
        var shape = Protocol.Read(parse);
        var request = Request.Read(parse, shape.Protocol);
        var options = new LoadOptions
        {
            Url = url,
            Connections = parse.GetValue(Connections),
            Duration = duration,
            Requests = requests,
            Timeout = timeout,
            Rate = parse.GetValue(Rate),
            Method = request.Method,
            Protocol = shape.Protocol,
            GrpcMessage = shape.GrpcMessage,
            Headers = request.Headers,
            Body = request.Body,
            ThinkTime = shape.ThinkTime,
            ForceHttpClient = parse.GetValue(HttpClient),
        };
        return options.Validated();
    }

    internal static string Describe(LoadOptions options) =>
        string.Create(CultureInfo.InvariantCulture, $"{options.Url} for {DurationText.Format(options.Duration)} using {options.Connections} connection(s)");
}
