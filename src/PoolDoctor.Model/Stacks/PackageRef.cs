namespace PoolDoctor.Model.Stacks;

/// <summary>
/// The NuGet package an assembly came from, as the app's deps.json lists it: its id, version, and whether one of the
/// app's own projects references it (<see cref="Direct"/>) or it only came along with another package (transitive).
/// </summary>
public sealed record PackageRef(string Name, string Version, bool Direct)
{
    public override string ToString() => $"{Name} {Version}";
}
