namespace PoolDoctor.Model.Stacks;

/// <summary>How a culprit's blocked pool threads changed over the capture window (<see cref="CulpritHold"/>).</summary>
public enum HoldPattern
{
    /// <summary>Neither growing nor constant: threads came and went, or as many left as came.</summary>
    Steady,

    /// <summary>More threads blocked at it at the window's end than at its start: it takes the threads the pool adds.</summary>
    Growing,

    /// <summary>The same threads blocked at it from the window's first sample to its last, none added, serving no
    /// request: a blocker that holds its threads whatever the load (a polling loop on a pool thread).</summary>
    Permanent,
}
