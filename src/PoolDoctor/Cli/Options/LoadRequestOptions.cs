using System.CommandLine;
using System.Text;
using PoolDoctor.Load;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// What each request of the built-in load sends: `-m/--method`, `-H/--header` (repeatable), `--body` and `--body-file`.
/// Declared once for every verb that loads (load, diagnose --load, compare), so an API whose blocking route is a POST
/// with an idempotency key is loaded the same way by each.
/// </summary>
internal sealed class LoadRequestOptions
{
    public Option<string> Method { get; } = new("--method", "-m")
    {
        HelpName = "METHOD",
        Description = "HTTP method (default GET; POST with --grpc).",
        DefaultValueFactory = _ => "GET",
    };

    public Option<string[]> Headers { get; } = new("--header", "-H") { HelpName = "HEADER", Description = "A request header \"Name: value\"; repeatable." };

    public Option<string?> Body { get; } = new("--body") { HelpName = "TEXT", Description = "The request body, sent as UTF-8 with every request (set its type with -H \"Content-Type: ...\")." };

    public Option<FileInfo?> BodyFile { get; } = new("--body-file") { HelpName = "FILE", Description = "The request body, read from this file (sent as is)." };

    public void AddTo(Command command)
    {
        command.Options.Add(Method);
        command.Options.Add(Headers);
        command.Options.Add(Body);
        command.Options.Add(BodyFile);
    }

    /// <summary>Whether any of them is on the command line (they mean nothing to `diagnose` without a --load URL).</summary>
    public bool AnyGiven(ParseResult parse) =>
        new Option[] { Method, Headers, Body, BodyFile }.Any(option => parse.GetResult(option) is { Implicit: false });

    /// <summary>The request as asked; a bad header, two bodies or a body file that cannot be read is a usage error.</summary>
    public LoadRequest Read(ParseResult parse, LoadProtocol protocol)
    {
        var method = parse.GetValue(Method)!.ToUpperInvariant();
        // A gRPC call is a POST: without an explicit -m, that is the method.
        if (protocol == LoadProtocol.Grpc && parse.GetResult(Method) is not { Implicit: false })
        {
            method = "POST";
        }
        var headers = (parse.GetValue(Headers) ?? []).Select(ParseHeader).ToList();
        return new LoadRequest(method, headers, ReadBody(parse));
    }

    private byte[] ReadBody(ParseResult parse)
    {
        var text = parse.GetValue(Body);
        var file = parse.GetValue(BodyFile);
        if (text is not null && file is not null)
        {
            throw new UsageException("give the body with --body or --body-file, not both");
        }
        if (file is null)
        {
            return text is null ? [] : Encoding.UTF8.GetBytes(text);
        }
        try
        {
            return File.ReadAllBytes(file.FullName);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"--body-file: cannot read '{file}': {e.Message}");
        }
    }

    private static KeyValuePair<string, string> ParseHeader(string text)
    {
        var colon = text.IndexOf(':', StringComparison.Ordinal);
        if (colon <= 0)
        {
            throw new UsageException($"--header: '{text}' is not \"Name: value\"");
        }
        return new(text[..colon].Trim(), text[(colon + 1)..].Trim());
    }
}

/// <summary>What <see cref="LoadRequestOptions"/> read: the method, headers and body of every request.</summary>
internal sealed record LoadRequest(string Method, IReadOnlyList<KeyValuePair<string, string>> Headers, byte[] Body)
{
    public static readonly LoadRequest Get = new("GET", [], []);
}
