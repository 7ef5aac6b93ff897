using PoolDoctor.Load;

namespace PoolDoctor.Cli.Options;

/// <summary>Load options a person gave: a value the load engine refuses is a usage error (exit 2), said in its words.</summary>
public static class LoadOptionsChecks
{
    public static LoadOptions Validated(this LoadOptions options)
    {
        try
        {
            options.Validate();
        }
        catch (LoadOptionsException e)
        {
            throw new UsageException(e.Message);
        }
        return options;
    }
}
