using System.Globalization;
using System.Text;
using PoolDoctor.Model.Flight;
using static PoolDoctor.Report.Diagnosis.Html;

namespace PoolDoctor.Report.Flight;

/// <summary>
/// The report's "Before the trigger" section (`watch --flight-recorder`): the onset in words, then each second of the
/// kept window with the queue, the threads, the injections and the waits that began in it, so a reader sees what
/// came first. Nothing when the watch recorded no window.
/// </summary>
internal static class FlightHtml
{
    public const string Id = "flight-recorder";

    public static void Append(StringBuilder html, FlightRecording? r)
    {
        if (r is null)
        {
            return;
        }
        html.Append($"<section id=\"{Id}\">\n<h2>Before the trigger (flight recorder)</h2>\n");
        html.Append(string.Create(CultureInfo.InvariantCulture, $"<p>The last {N(r.Limits.WindowSeconds, 0)} s of evidence were kept in a bounded ring (at most {FlightLimits.MaxWaits:N0} wait events, "
            + $"{FlightLimits.MaxSamples:N0} samples, {FlightLimits.MaxInjections:N0} injections); this window runs from {N(r.FromSeconds)} s to the trigger at {N(r.TriggerSeconds)} s.</p>\n<ul class=\"onset\">"));
        foreach (var fact in FlightText.OnsetFacts(r))
        {
            html.Append($"<li>{E(fact)}</li>");
        }
        if (r.EvictedWaits > 0)
        {
            html.Append($"<li>{r.EvictedWaits} older wait event(s) were pushed out by the item bound before their time was up</li>");
        }
        foreach (var off in r.WaitsOff)
        {
            html.Append($"<li>{E(off)}</li>");
        }
        html.Append("</ul>\n<table class=\"flight\"><thead><tr><th>s</th><th>queue</th><th>threads</th><th>injections</th><th>Monitor.Wait</th><th>WaitHandle</th><th>lock</th></tr></thead><tbody>");
        foreach (var sample in r.Samples)
        {
            var from = sample.Seconds - 1;
            var waits = r.Waits.Where(w => w.FromSeconds + 1 > from && w.FromSeconds < sample.Seconds).ToList();
            var injected = r.Injections.Count(i => i.Seconds > from && i.Seconds <= sample.Seconds);
            html.Append($"<tr><td>{N(sample.Seconds)}</td><td>{N(sample.QueueLength, 0)}</td><td>{N(sample.ThreadCount, 0)}</td><td>{injected}</td>"
                + $"<td>{waits.Sum(w => w.MonitorWait)}</td><td>{waits.Sum(w => w.WaitHandle)}</td><td>{waits.Sum(w => w.LockContention)}</td></tr>");
        }
        html.Append("</tbody></table>\n<p class=\"note\">Wait columns: threads that began that wait in the whole seconds overlapping the sample's interval (the wait events carry no stack; the culprits above name the call).</p>\n</section>\n");
    }
}
