namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// The browser tests end with "no error seen"; that means something only if the collector does see each kind of
/// error: a console error, an uncaught exception, a dialog (a script that ran) and a CSP refusal.
/// </summary>
public sealed class HeadlessChromiumTests
{
    [SkippableFact]
    public async Task Console_errors_exceptions_dialogs_and_csp_refusals_are_all_collected()
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        var dir = Directory.CreateTempSubdirectory("pooldoctor-chromium-page-").FullName;
        var path = Path.Combine(dir, "page.html");
        await File.WriteAllTextAsync(path, """
            <!doctype html>
            <html><head>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'">
            </head><body>
            <img src="https://127.0.0.1:1/blocked.png">
            <script>
              console.error("collector-console");
              alert("collector-dialog");
              setTimeout(() => { throw new Error("collector-exception"); }, 0);
            </script>
            </body></html>
            """);
        await browser.NavigateAsync(path);

        Assert.Equal("complete", (await browser.EvaluateAsync("document.readyState"))!.GetValue<string>());
        var errors = string.Join("\n", browser.Errors);
        Assert.Contains("collector-console", errors);
        Assert.Contains("dialog: collector-dialog", errors);
        Assert.Contains("collector-exception", errors);
        Assert.Contains("Content Security Policy", errors);
    }
}
