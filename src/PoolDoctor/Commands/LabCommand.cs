using System.CommandLine;
using PoolDoctor.Lab;

namespace PoolDoctor.Cli.Commands;

/// <summary>`lab`: hosts the endpoints that reproduce every blocking pattern, from the installed tool, no source tree needed.</summary>
internal static class LabCommand
{
    public static Command Create()
    {
        var urls = new Option<string>("--urls")
        {
            Description = "Where to listen (';'-separated). Loopback only is the sensible choice for a lab.",
            DefaultValueFactory = _ => LabOptions.DefaultUrl,
        };
        var db = new Option<string?>("--db")
        {
            Description = "PostgreSQL connection string for the db/* endpoints (default: $POOLDOCTOR_DB, else an embedded simulated database).",
        };
        var list = new Option<bool>("--list")
        {
            Description = "Print the lab's scenario table (host, path, blocking kind, pool, run) as tab-separated lines and exit.",
        };
        var command = new Command("lab", "Run the lab web app whose endpoints reproduce each thread-pool blocking pattern, as MVC controllers under /api/diagscenario/ and as minimal APIs under /api/minimal/.")
        {
            urls,
            db,
            list,
        };
        command.SetAction(async (parse, cancellation) =>
        {
            if (parse.GetValue(list))
            {
                LabScenarioList.Write(Console.Out);
                return ExitCodes.Ok;
            }
            var listen = parse.GetValue(urls)!.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            foreach (var url in listen)
            {
                if (!Uri.TryCreate(url, UriKind.Absolute, out var uri) || (uri.Scheme != "http" && uri.Scheme != "https"))
                {
                    throw new UsageException($"--urls: '{url}' is not an http(s) URL");
                }
            }
            try
            {
                await LabApp.RunAsync(new LabOptions(listen, LabOptions.ResolveConnectionString(parse.GetValue(db))), cancellation);
            }
            catch (IOException e)
            {
                throw new RunFailedException($"the lab could not listen on {string.Join(' ', listen)}: {e.Message}", e);
            }
            catch (Exception e) when (e.GetType().Namespace?.StartsWith("Npgsql", StringComparison.Ordinal) == true
                                      || e is System.Net.Sockets.SocketException)
            {
                throw new RunFailedException($"the lab could not reach its database: {e.Message}", e);
            }
            return ExitCodes.Ok;
        });
        return command;
    }
}
