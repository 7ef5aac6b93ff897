using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// Advice where the blocking code is not the user's: inside a package (upgrade it, call its async API when it has
/// one, report it), or a library API whose type declares no async twin. Only APIs the metadata showed are named;
/// no snippet rewrites code the user does not own.
/// </summary>
internal static partial class AdviceCatalog
{
    private static CulpritAdvice InsidePackage(Culprit c, IReadOnlyList<AdviceEvidence> evidence)
    {
        var package = c.Package!;
        var method = c.PackageMethod ?? c.Method;
        // Only what the user can call is offered: a twin internal to the package, or on a type only the framework or
        // the package itself calls (a limiter the middleware runs), leaves the package's version as the fix. A method
        // internal to the package is not named either: the culprit's chain shows it, the advice speaks of the package.
        var twin = c.PackageTwin?.CallableTwin;
        var internalMethod = c.PackageTwin is { ApiPublic: false };
        var where = internalMethod ? $"Code internal to {package.Name}" : $"{package.Name}'s {method}";
        var path = internalMethod ? "this path" : $"its {MethodNames.Short(method)} path";
        var headline = twin is not null
            ? $"The blocking is inside package {package}: call its async API ({MethodNames.Short(method)}'s twin {twin}) or upgrade the package"
            : $"The blocking is inside package {package}: upgrade it to a version that does not block, or report it upstream to {package.Name}";
        var parts = new List<string>
        {
            $"{where} calls {c.Api}, which blocks a pool thread ({c.Kind}); the code that blocks is the package's, not yours, "
                + "so rewriting it is not the fix.",
            package.Direct
                ? $"Your app references {package.Name} {package.Version} directly: check its release notes for a version in which {path} no longer blocks, and upgrade (this tool does not know whether one exists)."
                : $"{package.Name} {package.Version} comes in as a dependency of another package: upgrade the package that brings it in.",
        };
        parts.Add(c.PackageTwin switch
        {
            { CallableTwin: { } t } => $"The package's own type declares {t}: where your code (or your registration) can choose, use the async path.",
            { Twin: { } } => "The package has an async version of this path, but not one your code can call (it is internal to the package, "
                + "or only the framework or the package calls it): only a version of the package that uses it can change this.",
            { Twin: null } => $"The package's type declares no async twin of {(internalMethod ? "the method that blocks" : MethodNames.Short(method))}.",
            _ => "Whether the package has an async twin was not checked (its assembly was not on this machine).",
        });
        if (c.ApiTwin is { Twin: { } apiTwin, ApiPublic: true })
        {
            parts.Add($"The API it blocks in has an async twin ({apiTwin}): that is the change to ask the package's maintainers for.");
        }
        if (c.AwaitedRanSync is { } ran)
        {
            parts.Add(ran.NotOverridden
                ? $"Your code already awaits {ran.Awaited}, but {package.Name} {package.Version} does not override it: the base class runs {ran.Ran} "
                    + "synchronously on your pool thread, so making your code async changes nothing. A version that overrides it is the fix."
                : $"Your code already awaits {ran.Awaited}, but it ran {ran.Ran} synchronously on your pool thread before returning a task, "
                    + "so making your code async changes nothing.");
        }
        else if (c.UserCallTwin is { } userCall)
        {
            parts.Add(userCall.CallableTwin is null
                ? $"Your code reaches it through {userCall.Api}, which has no async twin: making your caller async changes nothing; the package blocks under it."
                : $"Your code reaches it through {userCall.Api}; its async twin {userCall.Twin} exists.");
        }
        parts.Add(c.UserFrame is { } user
            ? $"What you can change today: {user} (the call or the registration), or the package version."
            : "What you can change today: the package version, or the registration that puts it on the request path.");
        parts.Add($"If no version fixes it, report it upstream to {package.Name}'s maintainers with this stack.");
        return new CulpritAdvice(c.Method, c.Kind, c.Api, headline, string.Join(" ", parts), evidence, "", "")
        {
            Code = AdviceCode.None,
            CodeNote = $"no snippet: the blocking code is in package {package}, not in your code",
        };
    }

    private static CulpritAdvice NoAsyncTwin(Culprit c, IReadOnlyList<AdviceEvidence> evidence) =>
        new(c.Method, c.Kind, c.Api,
            $"{c.Api} has no async twin: move the call off the request path, or use another API that has one",
            $"{c.DisplayName} blocks a pool thread in {c.Api}, and the type that declares it declares no async version, so there is "
            + "nothing to await instead. Move the call off the pool (a dedicated thread or a background queue the request does not wait "
            + "for), cache its result, or switch to a library that offers an async API.",
            evidence, "", "")
        {
            Code = AdviceCode.None,
            CodeNote = $"no snippet: {c.Api} has no async twin to rewrite the call to",
        };
}
