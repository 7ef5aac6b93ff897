using System.Text.Json;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// The one JSON shape of a culprit, for `stacks --format json`, `analyze` and report.json alike. Keys are an interface
/// (docs/cli.md): method is the call site, chain runs from the entry down to it, entry is what the work served.
/// </summary>
public sealed class CulpritJson() : WriteOnlyJsonConverter<Culprit>("culprits are written, never read back")
{
    public static void Write(Utf8JsonWriter json, Culprit c)
    {
        json.WriteStartObject();
        json.WriteString("method", c.Method);
        json.WriteString("displayName", c.DisplayName);
        json.WriteString("flavor", c.Flavor.ToString());
        json.WriteString("kind", c.Kind.ToString());
        json.WriteString("api", c.Api);
        if (c.HeldAcross is not null)
        {
            json.WriteString("heldAcross", c.HeldAcross);
        }
        json.WriteNumber("threads", c.Threads);
        json.WriteNumber("share", Math.Round(c.Share, 4));
        json.WriteNumber("waitMs", Math.Round(c.WaitMs, 1));
        Hold(json, c.Hold);
        json.WriteStartArray("chain");
        foreach (var frame in c.Chain)
        {
            json.WriteStringValue(frame.Method);
        }
        json.WriteEndArray();
        if (c.Entry is null)
        {
            json.WriteNull("entry");
        }
        else
        {
            json.WriteString("entry", EntryText.Of(c.Entry));
        }
        json.WriteString("source", c.Site.Source.ToString());
        if (CallSiteNoteText.Line(c.Site.Note) is { } note)
        {
            json.WriteString("note", note);
        }
        json.WriteBoolean("inTaskRun", c.InTaskRun);
        if (c.Site.File is not null)
        {
            json.WriteString("file", c.Site.File);
        }
        if (c.Site.RepositoryFile is not null)
        {
            // Beside `file` (the PDB's path, kept): the same file from its repository's root.
            json.WriteString("repositoryFile", c.Site.RepositoryFile);
        }
        if (c.Site.Line is { } line)
        {
            json.WriteNumber("line", line);
        }
        if (c.Site.SourceUrl is not null)
        {
            json.WriteString("sourceUrl", c.Site.SourceUrl);
        }
        if (c.Site.File is not null && c.SourceChecksums.TryGetValue(c.Site.File, out var checksum))
        {
            Checksum(json, checksum);
        }
        if (c.Package is { } package)
        {
            json.WriteStartObject("package");
            json.WriteString("name", package.Name);
            json.WriteString("version", package.Version);
            json.WriteBoolean("direct", package.Direct);
            json.WriteEndObject();
            json.WriteString("packageMethod", c.PackageMethod);
            if (c.UserFrame is null)
            {
                json.WriteNull("userFrame");
            }
            else
            {
                json.WriteString("userFrame", c.UserFrame);
            }
        }
        Twin(json, "apiAsyncTwin", c.ApiTwin);
        Twin(json, "packageAsyncTwin", c.PackageTwin);
        Twin(json, "userCallAsyncTwin", c.UserCallTwin);
        if (c.AwaitedRanSync is { } ran)
        {
            json.WriteStartObject("awaitedRanSync");
            json.WriteString("awaited", ran.Awaited);
            json.WriteString("ran", ran.Ran);
            json.WriteBoolean("notOverridden", ran.NotOverridden);
            json.WriteEndObject();
        }
        // The chain and example stack again as objects, so each frame can carry its line (the string arrays stay).
        Frames(json, "chainFrames", c.Chain, c.SourceChecksums);
        Frames(json, "exampleFrames", c.Example);
        json.WriteStartArray("exampleStack");
        foreach (var frame in c.Example)
        {
            json.WriteStringValue(frame.Method);
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }

    // "hold": how the culprit held its threads over the window (absent: the capture did not time its samples).
    private static void Hold(Utf8JsonWriter json, CulpritHold? hold)
    {
        if (hold is null)
        {
            return;
        }
        json.WriteStartObject("hold");
        json.WriteString("pattern", hold.Pattern.ToString());
        json.WriteNumber("threadsAtStart", hold.ThreadsAtStart);
        json.WriteNumber("threadsAtEnd", hold.ThreadsAtEnd);
        json.WriteNumber("threadsJoined", hold.ThreadsJoined);
        json.WriteBoolean("servesRequests", hold.ServesRequests);
        json.WriteNumber("windowSeconds", hold.WindowSeconds);
        json.WriteEndObject();
    }

    // {"api": ..., "twin": name or null, "callable": false, "apiPublic": false}: null twin means its type's metadata
    // declares none (absent key: not looked up); callable false: the user's code cannot call the twin (internal to the
    // package, or a type only the framework or the package calls); apiPublic false: api is internal to its package.
    private static void Twin(Utf8JsonWriter json, string key, AsyncTwin? twin)
    {
        if (twin is null)
        {
            return;
        }
        json.WriteStartObject(key);
        json.WriteString("api", twin.Api);
        if (twin.Twin is null)
        {
            json.WriteNull("twin");
        }
        else
        {
            json.WriteString("twin", twin.Twin);
        }
        // Written only when false (absent: true, as reports before them read): what the advice may offer the user.
        if (!twin.Callable)
        {
            json.WriteBoolean("callable", false);
        }
        if (!twin.ApiPublic)
        {
            json.WriteBoolean("apiPublic", false);
        }
        json.WriteEndObject();
    }

    // "sourceChecksum": {"algorithm": "sha256", "hex": ...}: the PDB's checksum of the file, which `fix` checks the sources against.
    private static void Checksum(Utf8JsonWriter json, SourceChecksum checksum)
    {
        json.WriteStartObject("sourceChecksum");
        json.WriteString("algorithm", checksum.Algorithm);
        json.WriteString("hex", checksum.Hex);
        json.WriteEndObject();
    }

    private static void Frames(Utf8JsonWriter json, string key, IReadOnlyList<CulpritFrame> frames, IReadOnlyDictionary<string, SourceChecksum>? checksums = null)
    {
        json.WriteStartArray(key);
        foreach (var frame in frames)
        {
            json.WriteStartObject();
            json.WriteString("method", frame.Method);
            if (frame.Source is { } source)
            {
                json.WriteString("file", source.File);
                if (source.RepositoryFile is not null)
                {
                    json.WriteString("repositoryFile", source.RepositoryFile);
                }
                json.WriteNumber("line", source.Line);
                if (source.SourceUrl is not null)
                {
                    json.WriteString("sourceUrl", source.SourceUrl);
                }
                if (checksums is not null && checksums.TryGetValue(source.File, out var checksum))
                {
                    Checksum(json, checksum);
                }
            }
            if (frame.Package is { } package)
            {
                json.WriteString("package", package.Name);
            }
            json.WriteEndObject();
        }
        json.WriteEndArray();
    }

    public override void Write(Utf8JsonWriter writer, Culprit value, JsonSerializerOptions options) => Write(writer, value);
}
