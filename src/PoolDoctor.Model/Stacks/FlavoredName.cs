namespace PoolDoctor.Model.Stacks;

/// <summary>How a person reads a method of a given flavour: the one spelling frames and culprits share.</summary>
public static class FlavoredName
{
    public static string Of(string owner, FrameFlavor flavor) => flavor switch
    {
        FrameFlavor.Async => owner + " (async)",
        FrameFlavor.Lambda => "lambda in " + owner,
        FrameFlavor.AsyncLambda => "async lambda in " + owner,
        FrameFlavor.LocalFunction => owner + " (local function)",
        FrameFlavor.AsyncLocalFunction => owner + " (async local function)",
        _ => owner,
    };
}
