using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Lab;

namespace PoolDoctor.Verbs.Lab;

/// <summary>`lab`: hosts the endpoints that reproduce every blocking pattern, from the installed tool, no source tree needed.</summary>
internal static class LabCommand
{
    internal static Command Create(IToolConsole console)
    {
        var urls = new Option<string>("--urls")
        {
            HelpName = "URL",
            Description = "Where to listen (';'-separated). Loopback only is the sensible choice for a lab.",
            DefaultValueFactory = _ => LabOptions.DefaultUrl,
        };
        var grpcUrls = new Option<string?>("--grpc-urls")
        {
            HelpName = "URL",
            Description = $"Where the gRPC service listens, HTTP/2 only without TLS (h2c, prior knowledge); ';'-separated. Default: {LabOptions.DefaultGrpcUrl} when --urls is left at its default, none when --urls is given.",
        };
        var db = new Option<string?>("--db")
        {
            HelpName = "CONNSTR",
            Description = "PostgreSQL connection string for the db/* endpoints (default: $POOLDOCTOR_DB, else an embedded simulated database).",
        };
        var listScenarios = new Option<bool>("--list")
        {
            Description = "Print the lab's scenario table (host, path, blocking kind, pool, run) as tab-separated lines and exit.",
        };
        var command = new Command("lab", "Run the lab web app whose endpoints reproduce each thread-pool blocking pattern, as MVC controllers under /api/diagscenario/ and as minimal APIs under /api/minimal/.")
        {
            urls,
            grpcUrls,
            db,
            listScenarios,
        };
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            if (parse.GetValue(listScenarios))
            {
                LabScenarioList.Write(console.Out);
                return RunEnd.Ok;
            }
            var list = ReadUrls(parse.GetValue(urls)!, "--urls");
            // A fixed default gRPC port only beside the fixed default HTTP port: labs started on chosen ports (tests, the
            // demo, two labs at once) must not collide on it.
            var grpcText = parse.GetValue(grpcUrls) ?? (parse.GetResult(urls) is { Implicit: false } ? "" : LabOptions.DefaultGrpcUrl);
            var grpcList = ReadUrls(grpcText, "--grpc-urls");
            if (grpcList.FirstOrDefault(g => new Uri(g).Scheme != "http" || list.Any(u => new Uri(u).Port == new Uri(g).Port)) is { } clash)
            {
                throw new UsageException($"--grpc-urls: '{clash}' must be http:// (h2c) on a port of its own, not one of --urls");
            }
            try
            {
                await LabApp.RunAsync(new LabOptions(list, LabOptions.ResolveConnectionString(parse.GetValue(db))) { GrpcUrls = grpcList }, cancellation);
            }
            catch (IOException e)
            {
                throw new RunFailedException($"the lab could not listen on {string.Join(' ', list)}: {e.Message}", e);
            }
            catch (Exception e) when (e.GetType().Namespace?.StartsWith("Npgsql", StringComparison.Ordinal) == true
                                      || e is System.Net.Sockets.SocketException)
            {
                throw new RunFailedException($"the lab could not reach its database: {e.Message}", e);
            }
            return RunEnd.Ok;
        });
        return command;
    }

    private static string[] ReadUrls(string text, string option)
    {
        var list = text.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        foreach (var url in list)
        {
            if (!Uri.TryCreate(url, UriKind.Absolute, out var uri) || (uri.Scheme != "http" && uri.Scheme != "https"))
            {
                throw new UsageException($"{option}: '{url}' is not an http(s) URL");
            }
        }
        return list;
    }
}
