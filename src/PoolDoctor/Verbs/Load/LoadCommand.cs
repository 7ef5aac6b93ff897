using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Load;
using PoolDoctor.Model.Load;
using PoolDoctor.Report.Load;

namespace PoolDoctor.Verbs.Load;

/// <summary>`load URL`: the built-in HTTP load generator (bombardier's defaults and output, wrk's speed goal), in its own process.</summary>
internal static class LoadCommand
{
    internal static Command Create(IToolConsole console)
    {
        var options = new LoadCommandOptions();
        var command = new Command("load", "Put HTTP load on a URL from this process (closed loop, or an open-model rate with -r) and print bombardier-style statistics.");
        options.AddTo(command);
        HelpLayout.SetUsage(command, "load URL [options]");
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            PreferInlineSocketCompletions();
            var load = options.Read(parse);
            var format = parse.GetValue(options.Format);
            using var bar = ProgressBar.ForTerminal(console, load);
            LoadSummary summary;
            try
            {
                summary = await LoadRunner.RunAsync(load, bar, cancellation);
            }
            catch (LoadOptionsException e)
            {
                throw new UsageException(e.Message);
            }
            catch (LoadFailedException e)
            {
                throw new RunFailedException(e.Message, e);
            }
            bar?.Clear();
            if (Environment.GetEnvironmentVariable("POOLDOCTOR_DEBUG") == "1")
            {
                console.Error.WriteLine($"load: allocated {GC.GetTotalAllocatedBytes() / 1024} KiB, gen0 {GC.CollectionCount(0)}, gen1 {GC.CollectionCount(1)}, gen2 {GC.CollectionCount(2)}, threads {ThreadPool.ThreadCount}");
            }
            console.Out.Write(format == OutputFormat.Json ? LoadJsonRenderer.Render(summary) + Environment.NewLine : LoadTextRenderer.Render(summary));
            if (cancellation.IsCancellationRequested)
            {
                return RunEnd.Interrupted();
            }
            if (summary.Requests == 0 && summary.Errors.Connect > 0 && summary.Errors.Timeout == 0)
            {
                return RunEnd.Failed("no response: every connection attempt failed");
            }
            return RunEnd.Ok;
        });
        return command;
    }

    /// <summary>
    /// This process only loads, and its loops never block, so socket continuations can run on the epoll thread
    /// instead of hopping to the thread pool (wrk's model: one event loop). That roughly halves the client's CPU per
    /// request (bench/RESULTS.md). The runtime reads the variable once, when the first socket is created, so this
    /// must run before any socket use; a value the user set is left alone.
    /// </summary>
    private static void PreferInlineSocketCompletions()
    {
        const string Variable = "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS";
        if (Environment.GetEnvironmentVariable(Variable) is null)
        {
            Environment.SetEnvironmentVariable(Variable, "1");
        }
    }
}
