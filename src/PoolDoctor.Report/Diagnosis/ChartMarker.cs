using System.Text;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>A vertical marker across a chart: the verdict's moment, the stack capture.</summary>
internal sealed record ChartMarker(double Seconds, string Label, string CssClass);
