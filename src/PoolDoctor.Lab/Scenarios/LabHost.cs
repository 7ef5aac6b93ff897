namespace PoolDoctor.Lab.Scenarios;

/// <summary>Which of the lab's two hosts serves a route: MVC controllers or minimal APIs.</summary>
public enum LabHost
{
    Mvc,
    Minimal,
}
