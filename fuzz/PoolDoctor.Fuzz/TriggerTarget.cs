using System.Text;
using PoolDoctor.Cli;
using PoolDoctor.Runs;

namespace PoolDoctor.Fuzz;

/// <summary>`watch --trigger TEXT`: any text parses to a trigger or is a usage error.</summary>
internal static class TriggerTarget
{
    public static void Run(byte[] input)
    {
        var text = Encoding.UTF8.GetString(input);
        try
        {
            var trigger = TriggerOption.Parse(text);
            if (!double.IsFinite(trigger.Threshold) || trigger.Hold < TimeSpan.Zero)
            {
                throw new FuzzFindingException($"'{text}' parsed to threshold {trigger.Threshold}, hold {trigger.Hold}");
            }
        }
        catch (UsageException e)
        {
            FuzzTargets.OneLine(e.Message);
        }
    }
}
