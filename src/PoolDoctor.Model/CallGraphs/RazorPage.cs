namespace PoolDoctor.Model.CallGraphs;

/// <summary>
/// A Razor Page compiled into an app's assembly, as the Razor compiler records it: the page's file
/// (<c>/Pages/Orders/Index.cshtml</c>), the generated class that renders it and the <c>@model</c> type whose
/// <c>On{Verb}</c> methods ASP.NET Core calls through a generated delegate (so no IL call leads to them).
/// </summary>
/// <param name="ViewPath">The compiled item's identifier, rooted at the project: <c>/Pages/Report.cshtml</c>.</param>
/// <param name="PageType">The generated class, in the call graph's spelling.</param>
/// <param name="ModelType">The type of the page's <c>Model</c> property (its <c>@model</c>), or null when it has none.</param>
public sealed record RazorPage(string Module, string ViewPath, string PageType, string? ModelType);
