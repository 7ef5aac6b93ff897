namespace PoolDoctor.Report.Diagnosis;

/// <summary>The report's stylesheet, inlined so the file needs nothing else to render.</summary>
internal static class ReportStyle
{
    public const string Css = """
        :root { --fg:#1d2430; --muted:#5b6573; --line:#d8dde5; --bad:#c62828; --warn:#e08a00; --ok:#2e7d32; --accent:#1f5fbf; }
        * { box-sizing: border-box; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); margin: 0 auto; max-width: 980px; padding: 24px; }
        h1 { margin: 0 0 8px; font-size: 26px; } h2 { border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 32px; }
        code, pre { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
        pre { background: #f5f7fa; border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; margin: 4px 0 12px; }
        dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; color: var(--muted); }
        dl.meta dd { margin: 0; color: var(--fg); word-break: break-all; }
        .partial { background: #fff4e5; border-left: 4px solid var(--warn); padding: 8px 12px; }
        .verdict { border-left: 6px solid var(--muted); padding: 4px 16px; background: #f7f8fa; margin-top: 20px; }
        .verdict h2 { border: 0; margin: 8px 0; }
        .verdict.starving { border-color: var(--bad); } .verdict.starving .kind { color: var(--bad); }
        .verdict.blockingcompensated { border-color: var(--warn); } .verdict.blockingcompensated .kind { color: var(--warn); }
        .verdict.healthy { border-color: var(--ok); } .verdict.healthy .kind { color: var(--ok); }
        .verdict.cpusaturated { border-color: var(--accent); } .verdict.cpusaturated .kind { color: var(--accent); }
        figure { margin: 12px 0 20px; } figcaption { font-weight: 600; margin-bottom: 4px; }
        svg.chart { width: 100%; height: auto; background: #fff; border: 1px solid var(--line); border-radius: 6px; }
        svg .grid { stroke: #eceff3; stroke-width: 1; } svg .axis { stroke: #9aa3ae; stroke-width: 1; }
        svg .tick { font-size: 11px; fill: var(--muted); } svg .empty { font-size: 13px; fill: var(--muted); }
        svg .series { fill: none; stroke: var(--accent); stroke-width: 2; stroke-linejoin: round; }
        svg .marker { stroke-width: 1.5; stroke-dasharray: 5 4; } svg .marker-label { font-size: 11px; font-weight: 600; }
        svg .verdict-moment { stroke: var(--bad); fill: var(--bad); } svg .capture-moment { stroke: #6a1b9a; fill: #6a1b9a; }
        svg .injection { stroke: #fff; stroke-width: 1; } svg .starvation { fill: var(--bad); } svg .cooperative { fill: var(--warn); } svg .climbing { fill: #9aa3ae; }
        .legend { color: var(--muted); font-size: 13px; }
        .legend .key { display: inline-block; width: 18px; height: 0; border-top: 2px solid var(--accent); vertical-align: middle; margin-left: 10px; }
        .legend .key.verdict-moment { border-top: 2px dashed var(--bad); } .legend .key.capture-moment { border-top: 2px dashed #6a1b9a; }
        .legend .dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin-left: 10px; vertical-align: middle; }
        .legend .dot.starvation { background: var(--bad); } .legend .dot.cooperative { background: var(--warn); } .legend .dot.climbing { background: #9aa3ae; }
        table { border-collapse: collapse; width: 100%; margin: 8px 0; }
        th, td { border-bottom: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
        th { font-size: 13px; color: var(--muted); font-weight: 600; } td.num { text-align: right; white-space: nowrap; }
        td.method code { word-break: break-all; }
        td.method .chain, td.method .note { font-size: 0.85em; color: var(--muted, #555); margin-top: 0.2em; }
        .bar { display: inline-block; height: 9px; background: var(--bad); border-radius: 2px; vertical-align: middle; }
        details { margin: 4px 0; } summary { cursor: pointer; } ol.stack { margin: 6px 0 6px 0; font: 12.5px/1.4 ui-monospace, Menlo, Consolas, monospace; }
        details.group { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; }
        .tag { background: #e3ecfa; color: var(--accent); border-radius: 4px; padding: 0 6px; font-size: 12px; }
        article.fix, article.stopgap { border: 1px solid var(--line); border-radius: 8px; padding: 4px 16px 8px; margin: 12px 0; }
        .snippets { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; } .snippets h4 { margin: 6px 0 0; }
        .warning { background: #fff4e5; border-left: 4px solid var(--warn); padding: 6px 10px; }
        .for { color: var(--muted); margin-top: 0; } .none { color: var(--muted); }
        footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
        @media (max-width: 700px) { .snippets { grid-template-columns: 1fr; } }
        """;
}
