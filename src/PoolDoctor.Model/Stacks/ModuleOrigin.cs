namespace PoolDoctor.Model.Stacks;

public enum ModuleOrigin
{
    /// <summary>Nothing said where it came from (an offline trace whose app folder is not here): names decide.</summary>
    Unknown,
    /// <summary>A shared framework (Microsoft.NETCore.App, Microsoft.AspNetCore.App, ...).</summary>
    Framework,
    /// <summary>A NuGet package or other referenced library, per the app's deps.json.</summary>
    Package,
    /// <summary>The application's own assemblies (deps.json type "project", or the entry assembly).</summary>
    App,
}
