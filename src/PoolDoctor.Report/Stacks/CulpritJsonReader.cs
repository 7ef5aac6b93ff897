using System.Text.Json;
using PoolDoctor.Model;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// A culprit as <see cref="CulpritJson"/> writes it, read back into the Model's own <see cref="Culprit"/>: the kind is a
/// <see cref="BlockingKind"/>, the call site a <see cref="CallSite"/>, each chain frame's place a
/// <see cref="SourceLocation"/> beside its name, the PDB checksums by file. The writer and this reader sit side by
/// side so a key is renamed in both or in neither. Every report an earlier version wrote still reads: keys it did not
/// write yet are absent and read as their defaults (a report before <c>chainFrames</c> has the chain's names only).
/// </summary>
public static class CulpritJsonReader
{
    /// <summary>The culprit object <paramref name="c"/>; <see cref="InvalidDataException"/> with one line when its kind is not one
    /// this version knows.</summary>
    public static Culprit Read(JsonElement c)
    {
        var kindText = String(c, "kind");
        if (!Enum.TryParse<BlockingKind>(kindText, ignoreCase: false, out var kind) || !Enum.IsDefined(kind))
        {
            // Both strings come from the file: quoted escaped, so a line break in them cannot split the refusal's one line.
            throw new InvalidDataException($"culprit {OneLineText.Escape(String(c, "method") ?? "?")} has kind '{(kindText is null ? "(none)" : OneLineText.Escape(kindText))}', not one of {string.Join(", ", Enum.GetNames<BlockingKind>())}");
        }
        var checksums = new Dictionary<string, SourceChecksum>();
        var file = String(c, "file");
        if (file is not null && Checksum(c) is { } sum)
        {
            checksums[file] = sum;
        }
        var package = c.TryGetProperty("package", out var p) && p.ValueKind == JsonValueKind.Object && String(p, "name") is { } name
            ? new PackageRef(name, String(p, "version") ?? "", p.TryGetProperty("direct", out var direct) && direct.ValueKind == JsonValueKind.True)
            : null;
        var chain = Frames(c, "chainFrames", "chain", checksums, package);
        var example = Frames(c, "exampleFrames", "exampleStack", null, null);
        return new Culprit(String(c, "method") ?? "?", kind, String(c, "api") ?? "?", Int(c, "threads") ?? 0, Double(c, "share") ?? 0, example, Double(c, "waitMs") ?? 0)
        {
            Chain = chain,
            Entry = EntryText.Parse(String(c, "entry")),
            Flavor = Enum.TryParse<FrameFlavor>(String(c, "flavor"), out var flavor) ? flavor : FrameFlavor.Method,
            Site = new CallSite
            {
                Source = Enum.TryParse<CallSiteSource>(String(c, "source"), out var source) ? source : CallSiteSource.Stack,
                Note = String(c, "note") is { } note ? CallSiteNote.Words(note) : null,
                File = file,
                Line = Int(c, "line"),
                SourceUrl = String(c, "sourceUrl"),
                RepositoryFile = String(c, "repositoryFile"),
            },
            SourceChecksums = checksums,
            InTaskRun = c.TryGetProperty("inTaskRun", out var inTaskRun) && inTaskRun.ValueKind == JsonValueKind.True,
            Package = package,
            PackageMethod = String(c, "packageMethod"),
            UserFrame = String(c, "userFrame"),
            ApiTwin = Twin(c, "apiAsyncTwin"),
            PackageTwin = Twin(c, "packageAsyncTwin"),
            UserCallTwin = Twin(c, "userCallAsyncTwin"),
            AwaitedRanSync = c.TryGetProperty("awaitedRanSync", out var ran) && ran.ValueKind == JsonValueKind.Object
                && String(ran, "awaited") is { } awaited && String(ran, "ran") is { } ranApi
                ? new AwaitedRanSync(awaited, ranApi, ran.TryGetProperty("notOverridden", out var no) && no.ValueKind == JsonValueKind.True)
                : null,
            HeldAcross = String(c, "heldAcross"),
            Hold = Hold(c),
        };
    }

    private static CulpritHold? Hold(JsonElement c) =>
        c.TryGetProperty("hold", out var h) && h.ValueKind == JsonValueKind.Object
            && Enum.TryParse<HoldPattern>(String(h, "pattern"), ignoreCase: false, out var pattern) && Enum.IsDefined(pattern)
            ? new CulpritHold(Int(h, "threadsAtStart") ?? 0, Int(h, "threadsAtEnd") ?? 0, Int(h, "threadsJoined") ?? 0,
                h.TryGetProperty("servesRequests", out var serves) && serves.ValueKind == JsonValueKind.True, Double(h, "windowSeconds") ?? 0, pattern)
            : null;

    // The frames as objects with their places (objectsKey), else as the older string array of names (namesKey).
    private static IReadOnlyList<CulpritFrame> Frames(
        JsonElement c, string objectsKey, string namesKey, Dictionary<string, SourceChecksum>? checksums, PackageRef? culpritPackage)
    {
        if (c.TryGetProperty(objectsKey, out var frames) && frames.ValueKind == JsonValueKind.Array)
        {
            var read = new List<CulpritFrame>();
            foreach (var f in frames.EnumerateArray().Where(f => f.ValueKind == JsonValueKind.Object))
            {
                var frameFile = String(f, "file");
                if (checksums is not null && frameFile is not null && Checksum(f) is { } sum)
                {
                    checksums.TryAdd(frameFile, sum);
                }
                read.Add(new CulpritFrame(
                    String(f, "method") ?? "?",
                    frameFile is not null && Int(f, "line") is { } line
                        ? new SourceLocation(frameFile, line) { SourceUrl = String(f, "sourceUrl"), RepositoryFile = String(f, "repositoryFile") }
                        : null,
                    // A frame names its package by name only; the culprit's own package carries the version.
                    String(f, "package") is { } package
                        ? culpritPackage?.Name == package ? culpritPackage : new PackageRef(package, "", false)
                        : null));
            }
            return read;
        }
        // The older form: names only, no places.
        return CulpritFrame.Named(c.TryGetProperty(namesKey, out var array) && array.ValueKind == JsonValueKind.Array
            ? array.EnumerateArray().Where(f => f.ValueKind == JsonValueKind.String).Select(f => f.GetString()!)
            : []);
    }

    private static AsyncTwin? Twin(JsonElement c, string key) =>
        c.TryGetProperty(key, out var twin) && twin.ValueKind == JsonValueKind.Object && String(twin, "api") is { } api
            ? new AsyncTwin(api, String(twin, "twin")) { Callable = !IsFalse(twin, "callable"), ApiPublic = !IsFalse(twin, "apiPublic") }
            : null;

    private static bool IsFalse(JsonElement e, string key) => e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.False;

    private static SourceChecksum? Checksum(JsonElement e) =>
        e.TryGetProperty("sourceChecksum", out var sum) && sum.ValueKind == JsonValueKind.Object
            && String(sum, "algorithm") is { } algorithm && String(sum, "hex") is { } hex
            ? new SourceChecksum(algorithm, hex)
            : null;

    private static string? String(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    private static int? Int(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out var n) ? n : null;

    private static double? Double(JsonElement e, string key) =>
        e.TryGetProperty(key, out var value) && value.ValueKind == JsonValueKind.Number && value.TryGetDouble(out var n) ? n : null;
}
