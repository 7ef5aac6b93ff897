using System.Collections.Concurrent;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.Playwright;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// Debian's headless Chromium driven by Playwright (its bundled node driver; no browser download): navigate to a
/// file, evaluate expressions, and collect console errors, page exceptions and dialogs (an alert() opening means
/// a script ran). Playwright gives each instance a throw-away profile and closes the browser on dispose.
/// </summary>
public sealed class HeadlessChromium : IAsyncDisposable
{
    // Playwright adds --headless, its own profile and the debugging pipe; these are the rest of what the tests need
    // on a container: no sandbox (root), no GPU, and no traffic beyond the file under test.
    private static readonly string[] Flags =
    [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
    ];

    private readonly IPlaywright _playwright;
    private readonly IBrowser _browser;
    private readonly IPage _page;
    private readonly ConcurrentQueue<string> _errors = new();

    private HeadlessChromium(IPlaywright playwright, IBrowser browser, IPage page)
    {
        _playwright = playwright;
        _browser = browser;
        _page = page;
        page.Console += (_, message) =>
        {
            // Chromium's own error log (a CSP violation, a failed load) arrives here too, as type "error".
            if (message.Type is "error" or "assert")
            {
                _errors.Enqueue("console: " + message.Text);
            }
        };
        page.PageError += (_, error) => _errors.Enqueue("exception: " + error);
        page.Dialog += async (_, dialog) =>
        {
            _errors.Enqueue("dialog: " + dialog.Message);
            await dialog.AcceptAsync();
        };
    }

    /// <summary>Console errors, uncaught exceptions, CSP reports and dialogs seen since start.</summary>
    public IReadOnlyList<string> Errors => [.. _errors];

    public static string? FindExecutable() =>
        new[] { "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome" }.FirstOrDefault(File.Exists);

    /// <summary>The browser; without one the test is skipped, or fails under CI=true (see <see cref="MissingDependency"/>).</summary>
    public static Task<HeadlessChromium> StartOrSkipAsync() =>
        StartAsync(FindExecutable() ?? throw MissingDependency.SkipOrFail("chromium", "scripts/install-test-deps.sh installs it"));

    private static async Task<HeadlessChromium> StartAsync(string executable)
    {
        var playwright = await Playwright.CreateAsync();
        IBrowser? browser = null;
        try
        {
            browser = await playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
            {
                ExecutablePath = executable,
                Headless = true,
                Args = Flags,
                Timeout = 30_000,
            });
            var page = await browser.NewPageAsync();
            page.SetDefaultTimeout(20_000);
            return new HeadlessChromium(playwright, browser, page);
        }
        catch
        {
            if (browser is not null)
            {
                await browser.CloseAsync();
            }
            playwright.Dispose();
            throw;
        }
    }

    public async Task NavigateAsync(string path)
    {
        await _page.GotoAsync(new Uri(Path.GetFullPath(path)).AbsoluteUri, new PageGotoOptions { WaitUntil = WaitUntilState.Load });
        // Console messages for the load may arrive right after the load event; give them a moment.
        await Task.Delay(300);
    }

    /// <summary>Evaluates a JavaScript expression in the page and returns its value as JSON.</summary>
    public async Task<JsonNode?> EvaluateAsync(string expression)
    {
        var value = await _page.EvaluateAsync<JsonElement?>(expression);
        return value is { } element ? JsonNode.Parse(element.GetRawText()) : null;
    }

    public Task ResizeAsync(int width, int height) => _page.SetViewportSizeAsync(width, height);

    /// <summary>A real mouse click at the middle of the first element the selector names (Playwright waits until it can be clicked).</summary>
    public Task ClickAsync(string selector) => _page.Locator(selector).First.ClickAsync();

    /// <summary>Moves the keyboard focus to the first element the selector names.</summary>
    public Task FocusAsync(string selector) => _page.Locator(selector).First.FocusAsync();

    /// <summary>Presses a key (`Enter`, `Escape`) on whatever has the focus.</summary>
    public Task PressAsync(string key) => _page.Keyboard.PressAsync(key);

    /// <summary>Types into an input as a user would: focus, then one key event per character.</summary>
    public async Task TypeAsync(string selector, string text)
    {
        await _page.Locator(selector).First.FocusAsync();
        await _page.Keyboard.TypeAsync(text);
    }

    /// <summary>What <c>prefers-color-scheme</c> answers from now on (the page restyles at once, no reload).</summary>
    public Task EmulateColorSchemeAsync(bool dark) =>
        _page.EmulateMediaAsync(new PageEmulateMediaOptions { ColorScheme = dark ? ColorScheme.Dark : ColorScheme.Light });

    public async Task<byte[]> ScreenshotAsync(int width, int height)
    {
        await _page.SetViewportSizeAsync(width, height);
        return await _page.ScreenshotAsync(new PageScreenshotOptions { FullPage = true, Type = ScreenshotType.Png });
    }

    public async ValueTask DisposeAsync()
    {
        await _browser.CloseAsync();
        _playwright.Dispose();
    }
}
