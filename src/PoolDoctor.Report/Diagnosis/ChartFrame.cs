namespace PoolDoctor.Report.Diagnosis;

/// <summary>A timeline chart's drawing size, in the SVG's own units (its viewBox).</summary>
internal readonly record struct ChartFrame(int Width, int Height);
