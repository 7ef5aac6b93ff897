using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>A blocking call made inside a referenced package: the package's method is the call site.</summary>
internal static class PackageSites
{
    /// <summary>
    /// The blocking happens inside a package: the referenced package's method nearest the API is the call site (where
    /// the fix goes), the chain runs from the user's frames through that package's frames, and the user's frame (or,
    /// with none on the stack, the user method whose IL calls into the package) is what the user can change today.
    /// </summary>
    public static BlockingSite InsidePackage(
        StackReading stack, PackageBoundary.Crossing crossing, int userIndex, IReadOnlyList<CulpritFrame> userChain,
        WorkEntry? entry, bool inTaskRun, CallSiteResolver il,
        IReadOnlyList<(FrameName Name, CallSiteLocation? Call)> inlinedUser, int generated)
    {
        var method = stack.Frames[crossing.MethodIndex].Name;
        var packageFrames = crossing.PackageFrames.Where(i => i >= crossing.MethodIndex).ToList();
        var packageChain = packageFrames.Select(i => stack.Frames[i].Cleaned).Where((name, k) => k == 0 || name != stack.Frames[packageFrames[k - 1]].Cleaned).ToList();
        var user = userIndex >= 0 ? stack.Frames[userIndex].Cleaned : null;
        PackageRegistration? registration = null;
        if (user is null && inlinedUser.Count > 0)
        {
            user = inlinedUser[^1].Name.Display;
            var at = inlinedUser[^1].Call is { File: { } file, Line: { } line } ? Path.GetFileName(file) + ":" + line : null;
            registration = new PackageRegistration(user, stack.Frames[generated - 1].Cleaned, at, InlinedInto: stack.Frames[generated].Cleaned);
        }
        else if (user is null)
        {
            var namespaces = crossing.PackageFrames.Select(i => stack.Frames[i].Name.Namespace).Where(n => n.Length > 0).ToHashSet(StringComparer.Ordinal);
            var assemblies = crossing.PackageFrames.Select(i => stack.Frames[i].Module).Where(m => m is not ("" or "?")).ToHashSet(StringComparer.OrdinalIgnoreCase);
            if (il.CallerInto(namespaces, assemblies) is { } caller)
            {
                user = caller.Method.Display;
                var at = caller.At is { } point ? Path.GetFileName(point.File) + ":" + point.Line : null;
                registration = new PackageRegistration(caller.Method.Display, caller.Call, at, InlinedInto: null);
            }
        }
        IReadOnlyList<CulpritFrame> chain = userIndex >= 0 ? userChain : [.. inlinedUser.Select(f => new CulpritFrame(f.Name.Display, BlockingSiteFinder.SourceOf(f.Call)))];
        var package = crossing.Package!;
        var reach = userIndex < 0 ? PackageReach.NoUserFrame
            : crossing.AwaitedRanSync is not null ? PackageReach.AwaitsRanSync
            : crossing.UserCallTwin is not null ? PackageReach.CallsApi
            : PackageReach.CallsInto;
        var note = new PackageNote(package, method.Display, crossing.Api.Api, reach)
        {
            UserFrame = userIndex >= 0 ? stack.Frames[userIndex].Cleaned : null,
            Ran = crossing.AwaitedRanSync,
            UserCall = crossing.UserCallTwin,
            Caller = crossing.PackageFrames.Count > 0 && crossing.PackageFrames[0] + 1 < stack.Frames.Count ? stack.Frames[crossing.PackageFrames[0] + 1].Cleaned : null,
            Registration = registration,
        };
        return new BlockingSite(method.Owner, crossing.Api.Kind, crossing.Api.Api)
        {
            Flavor = method.Flavor,
            Chain = [.. chain, .. packageChain.Select(name => new CulpritFrame(name, Package: package))],
            Entry = entry,
            InTaskRun = inTaskRun && userIndex >= 0,
            Package = package,
            PackageMethod = method.Owner,
            UserFrame = user,
            ApiTwin = crossing.ApiTwin,
            PackageTwin = crossing.PackageTwin,
            UserCallTwin = crossing.UserCallTwin,
            AwaitedRanSync = crossing.AwaitedRanSync,
            Site = new CallSite
            {
                Source = CallSiteSource.Library,
                Note = new CallSiteNote(CallSiteNoteKind.InsidePackage) { Package = note },
            },
        };
    }
}
