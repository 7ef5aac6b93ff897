using PoolDoctor.Cli;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Verbs.Counters;

/// <summary>
/// How `counters` writes its readings, one renderer per run whatever the format: a block redrawn in place on a
/// terminal, one text line, one JSON object or one CSV row per interval on a pipe. The verb only says when an interval
/// came and how the watch ended; every byte it writes goes through here, to the injected console.
/// </summary>
internal abstract class CounterRenderer(IToolConsole console)
{
    protected TextWriter Out => console.Out;

    /// <param name="columns">The counters `--counters` picked (text, csv), or null for all of them.</param>
    public static CounterRenderer For(IToolConsole console, CountersFormat format, IReadOnlyList<CounterColumn>? columns, int processId, string processName) => format switch
    {
        CountersFormat.Json => new Json(console),
        CountersFormat.Csv => new Csv(console, columns ?? CounterColumns.All),
        _ when !console.IsOutputRedirected => new Redrawn(console, columns, processId, processName),
        _ => new Lines(console, columns),
    };

    /// <summary>Before the first interval (the CSV header).</summary>
    public virtual void Begin()
    {
    }

    public void Interval(CounterInterval interval, Verdict verdict)
    {
        Write(interval, verdict);
        Out.Flush();
    }

    protected abstract void Write(CounterInterval interval, Verdict verdict);

    /// <summary>When the watch ended before its time (the target exited, the session failed): the last verdict, where
    /// the format has room for a sentence.</summary>
    public virtual void EndedEarly(Verdict verdict, int intervals)
    {
    }

    private sealed class Json(IToolConsole console) : CounterRenderer(console)
    {
        protected override void Write(CounterInterval interval, Verdict verdict) => Out.WriteLine(CounterJson.IntervalLine(interval, verdict));
    }

    private sealed class Csv(IToolConsole console, IReadOnlyList<CounterColumn> columns) : CounterRenderer(console)
    {
        public override void Begin() => Out.WriteLine(CounterColumns.CsvHeader(columns));

        protected override void Write(CounterInterval interval, Verdict verdict) =>
            Out.WriteLine(CounterColumns.CsvRow(columns, interval, verdict.Kind, verdict.Confidence));
    }

    private class Lines(IToolConsole console, IReadOnlyList<CounterColumn>? columns) : CounterRenderer(console)
    {
        protected IReadOnlyList<CounterColumn>? Columns => columns;

        protected override void Write(CounterInterval interval, Verdict verdict) =>
            Out.WriteLine(columns is null ? CounterText.Line(interval, verdict) : CounterColumns.Line(columns, interval, verdict.Kind, verdict.Confidence));

        public override void EndedEarly(Verdict verdict, int intervals) =>
            Out.WriteLine($"Last verdict after {intervals} interval(s): {CounterText.VerdictLine(verdict)}");
    }

    private sealed class Redrawn(IToolConsole console, IReadOnlyList<CounterColumn>? columns, int processId, string processName) : Lines(console, columns)
    {
        // Home + clear screen, then the whole block: simple and flicker-free enough at 1 Hz.
        protected override void Write(CounterInterval interval, Verdict verdict) =>
            Out.Write("\u001b[H\u001b[2J" + string.Join(Environment.NewLine, Block(interval, verdict)) + Environment.NewLine);

        /// <summary>The whole block, or with --counters the picked rows between the same header and verdict lines.</summary>
        private IReadOnlyList<string> Block(CounterInterval interval, Verdict verdict)
        {
            var block = CounterText.Block(processId, processName, interval, verdict);
            return Columns is null
                ? block
                : [block[0], "", .. CounterColumns.Rows(Columns, interval), "", CounterText.VerdictLine(verdict), .. EvidenceText.Lines(verdict).Select(e => "    - " + e)];
        }
    }
}
