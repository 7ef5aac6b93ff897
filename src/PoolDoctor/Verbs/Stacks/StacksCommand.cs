using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Runs.Stacks;

namespace PoolDoctor.Verbs.Stacks;

/// <summary>
/// `stacks`: samples the managed stacks of every thread of a live process over a short window, merges identical stacks,
/// and names the user code that blocks thread-pool threads.
/// </summary>
internal static class StacksCommand
{
    internal static Command Create(IToolConsole console)
    {
        var target = new TargetOptions();
        var display = new StackDisplayOptions();
        var duration = DurationOption.Create(
            "--duration", [], "How long to sample. The sampler pauses the runtime for a stack walk every millisecond, so keep it short.",
            defaultText: "1s", maximum: TimeSpan.FromHours(1));
        var once = new Option<bool>("--once") { Description = "Keep a single snapshot: one sample per thread, like dotnet-stack." };
        var output = PathOptions.OutputFile("--output", ["-o"], "FILE", "Also keep the recorded trace as FILE.nettrace (read it later with 'analyze').", "stacks.nettrace");
        var command = new Command("stacks", "Sample all threads' managed stacks of a live .NET process, group them, and name the code that blocks the thread pool.");
        target.AddTo(command);
        command.Options.Add(duration.Option);
        command.Options.Add(once);
        command.Options.Add(output);
        display.AddTo(command);
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var spec = target.ReadRequired(parse);
            var options = new StackCaptureOptions(duration.ReadOrDefault(parse), parse.GetValue(once));
            var how = display.Read(parse);
            var keep = parse.GetValue(output)?.ToString();
            var path = keep ?? Path.Combine(Path.GetTempPath(), $"pooldoctor-stacks-{Guid.NewGuid():N}.nettrace");
            var clock = System.Diagnostics.Stopwatch.StartNew();
            try
            {
                StackRecording recording;
                await using (var attached = await AttachedTarget.AttachAsync(spec, cancellation))
                {
                    recording = await StackRecorder.RecordAsync(attached, options, path, cancellation,
                        notice: text => Stderr.Note(console, text));
                }
                var recorded = clock.Elapsed;
                StackSnapshot snapshot;
                try
                {
                    snapshot = await CaptureFileReader.ReadAsync(path, options.Once, CancellationToken.None, requireComplete: !recording.TargetExited);
                }
                catch (RunFailedException) when (recording.TargetExited)
                {
                    throw new RunFailedException(
                        $"the target exited {recording.Window.TotalSeconds:F1} s into the capture, before the runtime sent the method names; no stacks to show");
                }
                var read = clock.Elapsed;
                if (recording.TargetExited)
                {
                    Stderr.Warning(console, "the target exited during the capture; showing what was recorded");
                }
                foreach (var missing in snapshot.Missing)
                {
                    Stderr.Note(console, missing);
                }
                var source = snapshot.ProcessId > 0 ? $"process {snapshot.ProcessId}" : spec.ToString();
                StackOutput.Write(console, StackReportBuilder.Build(source, snapshot, how), how.Format);
                if (Environment.GetEnvironmentVariable("POOLDOCTOR_TIMING") == "1")
                {
                    // For bench/stacks-scale.sh: where the time goes.
                    console.Error.WriteLine(
                        $"timing: attach+record {recorded.TotalSeconds:F3} s (window {recording.Window.TotalSeconds:F3} s, stop+rundown {(recorded - recording.Window).TotalSeconds:F3} s), " +
                        $"read {(read - recorded).TotalSeconds:F3} s, group+culprits+write {(clock.Elapsed - read).TotalSeconds:F3} s, trace {new FileInfo(path).Length / 1048576.0:F1} MB");
                }
                if (keep is not null)
                {
                    Stderr.Line(console, $"trace written to {keep}");
                }
                if (recording.Interrupted)
                {
                    return RunEnd.Interrupted($"interrupted, showing the {recording.Window.TotalSeconds:F2} s recorded");
                }
                return RunEnd.Ok;
            }
            finally
            {
                if (keep is null)
                {
                    TraceFile.TryDelete(path);
                }
            }
        });
        return command;
    }
}
