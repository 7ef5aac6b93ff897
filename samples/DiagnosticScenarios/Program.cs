using PoolDoctor.Lab;

// A thin host of the lab for `dotnet run --project samples/DiagnosticScenarios [-- --urls URL] [--db CONNSTR]`.
var urls = new List<string>();
string? db = null;
for (var i = 0; i < args.Length - 1; i++)
{
    switch (args[i])
    {
        case "--urls":
            urls.AddRange(args[++i].Split(';', StringSplitOptions.RemoveEmptyEntries));
            break;
        case "--db":
            db = args[++i];
            break;
    }
}
if (urls.Count == 0)
{
    urls.Add(LabOptions.DefaultUrl);
}

await LabApp.RunAsync(new LabOptions(urls, LabOptions.ResolveConnectionString(db)));
