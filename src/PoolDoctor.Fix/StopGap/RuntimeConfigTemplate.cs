using System.Text.Json;
using System.Text.Json.Nodes;
using PoolDoctor.Fix.Diff;

namespace PoolDoctor.Fix.StopGap;

/// <summary>
/// runtimeconfig.template.json beside the project file: the SDK copies its <c>configProperties</c> into the built
/// runtimeconfig.json. Created when absent; otherwise the one key is set and every other property kept.
/// </summary>
internal static class RuntimeConfigTemplate
{
    public const string FileName = "runtimeconfig.template.json";
    public const string Key = "System.Threading.ThreadPool.MinThreads";

    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    public static FileEdit Edit(string projectFolder, int minThreads)
    {
        var path = Path.Combine(projectFolder, FileName);
        var before = File.Exists(path) ? File.ReadAllText(path) : null;
        JsonObject root;
        try
        {
            root = before is null
                ? new JsonObject()
                : JsonNode.Parse(before, documentOptions: new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip, AllowTrailingCommas = true }) as JsonObject
                  ?? throw new FixRefusedException($"{path}: not a JSON object");
        }
        catch (JsonException e)
        {
            throw new FixRefusedException($"{path}: not valid JSON ({e.Message})");
        }
        if (root["configProperties"] is not JsonObject properties)
        {
            if (root["configProperties"] is not null)
            {
                throw new FixRefusedException($"{path}: configProperties is not an object");
            }
            properties = [];
            root["configProperties"] = properties;
        }
        properties[Key] = minThreads;
        return new FileEdit(path, before, root.ToJsonString(Indented).Replace("\r\n", "\n", StringComparison.Ordinal) + "\n");
    }
}
