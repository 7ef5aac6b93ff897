using System.Text.Json;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// One <c>*.deps.json</c> parsed once for all <see cref="ModuleOriginReader"/> takes from it: each assembly's origin
/// (<see cref="DepsJson"/>) and its package (<see cref="DepsPackages"/>). Unreadable: both empty.
/// </summary>
internal sealed record DepsFile(IReadOnlyDictionary<string, ModuleOrigin> Origins, IReadOnlyDictionary<string, PackageRef> Packages)
{
    public static DepsFile Read(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            using var document = JsonDocument.Parse(stream);
            return new DepsFile(DepsJson.Origins(document.RootElement), DepsPackages.Packages(document.RootElement));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException)
        {
            return new DepsFile(
                new Dictionary<string, ModuleOrigin>(StringComparer.OrdinalIgnoreCase), new Dictionary<string, PackageRef>(StringComparer.OrdinalIgnoreCase));
        }
    }
}
