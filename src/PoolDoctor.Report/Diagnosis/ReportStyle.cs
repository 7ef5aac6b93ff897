namespace PoolDoctor.Report.Diagnosis;

/// <summary>The report's stylesheet, inlined so the file needs nothing else to render.</summary>
internal static class ReportStyle
{
    public const string Css = """
        :root { color-scheme: light dark; --fg:#1d2430; --muted:#5b6573; --line:#d8dde5; --bad:#c62828; --warn:#e08a00; --ok:#2e7d32; --accent:#1f5fbf;
          --bg:#fff; --panel:#f7f8fa; --code-bg:#f5f7fa; --note-bg:#fff4e5; --tag-bg:#e3ecfa; --warn-text:#9a5700; --grid:#eceff3; --axis:#9aa3ae; --capture:#6a1b9a; --del-bg:#fde7e7; --add-bg:#e3f4e6; }
        /* Dark: the same roles, every text colour at least 4.5:1 on its background (ReportLinksAndColoursBrowserTests measures it). */
        @media (prefers-color-scheme: dark) {
          :root { --fg:#e4e8ee; --muted:#a9b2be; --line:#3b4350; --bad:#ff7b72; --warn:#f0a63a; --ok:#63c46a; --accent:#79b0ff;
                  --bg:#12161c; --panel:#1b2129; --code-bg:#1a2029; --note-bg:#33291a; --tag-bg:#1f3050; --warn-text:#f0a63a; --grid:#262d37; --axis:#6b7480; --capture:#c792ea; --del-bg:#42201f; --add-bg:#1b3a24; }
        }
        * { box-sizing: border-box; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); margin: 0 auto; max-width: 980px; padding: 24px; overflow-wrap: break-word; }
        h1 { margin: 0 0 8px; font-size: 26px; } h2 { border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 32px; }
        code, pre { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
        a { color: var(--accent); }
        pre { background: var(--code-bg); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; margin: 4px 0 12px; }
        dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; color: var(--muted); }
        dl.meta dd { margin: 0; color: var(--fg); word-break: break-all; }
        .partial { background: var(--note-bg); border-left: 4px solid var(--warn); padding: 8px 12px; }
        .verdict { border-left: 6px solid var(--muted); padding: 4px 16px; background: var(--panel); margin-top: 20px; }
        .verdict h2 { border: 0; margin: 8px 0; }
        .verdict.starving { border-color: var(--bad); } .verdict.starving .kind { color: var(--bad); }
        .verdict.blockingcompensated { border-color: var(--warn); } .verdict.blockingcompensated .kind { color: var(--warn-text); }
        .verdict.healthy { border-color: var(--ok); } .verdict.healthy .kind { color: var(--ok); }
        .verdict.cpusaturated { border-color: var(--accent); } .verdict.cpusaturated .kind { color: var(--accent); }
        figure { margin: 12px 0 20px; } figcaption { font-weight: 600; margin-bottom: 4px; }
        .charts.compact { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: 0 20px; align-items: end; }
        .charts.compact figure { margin: 8px 0 14px; } .charts.compact svg.chart { max-width: 560px; }
        svg.chart { width: 100%; height: auto; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
        svg .grid { stroke: var(--grid); stroke-width: 1; } svg .axis { stroke: var(--axis); stroke-width: 1; }
        svg .tick { font-size: 11px; fill: var(--muted); } svg .empty { font-size: 13px; fill: var(--muted); }
        svg .series { fill: none; stroke: var(--accent); stroke-width: 2; stroke-linejoin: round; }
        svg .series.secondary { stroke: #b26a00; stroke-width: 1.5; stroke-dasharray: 5 3; }
        svg .marker { stroke-width: 1.5; stroke-dasharray: 5 4; } svg .marker-label { font-size: 11px; font-weight: 600; }
        svg .verdict-moment { stroke: var(--bad); fill: var(--bad); } svg .capture-moment { stroke: var(--capture); fill: var(--capture); }
        svg .load-moment { stroke: var(--muted); fill: var(--muted); } .legend .key.load-moment { border-top: 2px dashed var(--muted); }
        svg .injection { stroke: var(--bg); stroke-width: 1; } svg .starvation { fill: var(--bad); } svg .cooperative { fill: var(--warn); } svg .climbing { fill: #9aa3ae; }
        .legend { color: var(--muted); font-size: 13px; }
        .legend .key { display: inline-block; width: 18px; height: 0; border-top: 2px solid var(--accent); vertical-align: middle; margin-left: 10px; }
        .legend .key.secondary { border-top: 2px dashed #b26a00; }
        .legend .key.verdict-moment { border-top: 2px dashed var(--bad); } .legend .key.capture-moment { border-top: 2px dashed var(--capture); }
        .legend .dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin-left: 10px; vertical-align: middle; }
        .legend .dot.starvation { background: var(--bad); } .legend .dot.cooperative { background: var(--warn); } .legend .dot.climbing { background: #9aa3ae; }
        table { border-collapse: collapse; width: 100%; margin: 8px 0; }
        th, td { border-bottom: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
        th { font-size: 13px; color: var(--muted); font-weight: 600; } td.num { text-align: right; white-space: nowrap; }
        table.culprits { table-layout: fixed; }
        table.culprits th { overflow-wrap: break-word; }
        table.culprits td { overflow-wrap: anywhere; }
        table.culprits td.num { white-space: normal; }
        col.c-rank { width: 28px; } col.c-method { width: 27%; } col.c-entry { width: 14%; } col.c-kind { width: 14%; }
        col.c-api { width: 13%; } col.c-threads { width: 8%; } col.c-share { width: 12%; } col.c-wait { width: 12%; }
        table.culprits td.kind { overflow-wrap: normal; }
        table.culprits th, table.culprits td { padding: 6px 5px; }
        td.method code { word-break: break-all; }
        td.method .chain, td.method .note { font-size: 0.85em; color: var(--muted, #555); margin-top: 0.2em; }
        .bar { display: block; height: 9px; background: var(--bad); border-radius: 2px; margin: 3px 0 0 auto; max-width: 100%; }
        details { margin: 4px 0; } summary { cursor: pointer; } ol.stack { margin: 6px 0 6px 0; font: 12.5px/1.4 ui-monospace, Menlo, Consolas, monospace; }
        details.group { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; }
        .tag { background: var(--tag-bg); color: var(--accent); border-radius: 4px; padding: 0 6px; font-size: 12px; }
        article.fix, article.stopgap { border: 1px solid var(--line); border-radius: 8px; padding: 4px 16px 8px; margin: 12px 0; }
        .snippets { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
        .snippets pre { max-width: 100%; } .snippets h4 { margin: 6px 0 0; }
        pre.diff, pre.wrap { white-space: pre-wrap; overflow-wrap: anywhere; overflow-x: visible; }
        pre.diff span { display: block; padding-left: 2ch; text-indent: -2ch; }
        pre.diff .hunk { color: var(--muted); } pre.diff .del { background: var(--del-bg); } pre.diff .add { background: var(--add-bg); }
        .next { margin-bottom: 2px; font-weight: 600; } pre.command { white-space: pre-wrap; overflow-wrap: anywhere; }
        .warning { background: var(--note-bg); border-left: 4px solid var(--warn); padding: 6px 10px; }
        .for { color: var(--muted); margin-top: 0; } .none { color: var(--muted); }
        .context { margin-top: 10px; } .context > summary { font-weight: 600; color: var(--muted); }
        .context .unknown { color: var(--muted); font-style: italic; }
        .axis-note { color: var(--muted); font-size: 13px; } svg .tick.since { font-size: 10px; }
        svg.flame { width: 100%; height: auto; display: block; }
        svg.flame rect { stroke: var(--bg); stroke-width: 0.5; } svg.flame text { font: 11px ui-monospace, Menlo, Consolas, monospace; fill: #1d2430; pointer-events: none; }
        svg.flame .root rect { fill: #cfd6df; } svg.flame .lib rect { fill: #e8c9a0; } svg.flame .user rect { fill: #9ec5f0; }
        svg.flame .culprit rect { fill: #e57373; stroke: var(--bad); stroke-width: 1.5; } svg.flame .culprit text { font-weight: 700; }
        svg.flame .frame:hover rect { stroke: var(--fg); stroke-width: 1.5; }
        svg.flame .frame { cursor: zoom-in; outline: none; } svg.flame .frame:focus rect { stroke: var(--accent); stroke-width: 2.5; }
        svg.flame .sliver { display: none; } svg.flame .recovered rect { stroke-dasharray: 4 2; stroke: #1d2430; stroke-width: 1.5; }
        svg.flame .match rect { fill: #c39be8; }
        .flame-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; margin: 6px 0; font-size: 14px; }
        .flame-controls input { font: inherit; padding: 3px 6px; min-width: 16em; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 4px; }
        .flame-controls button { font: inherit; padding: 3px 10px; color: var(--fg); background: var(--panel); border: 1px solid var(--line); border-radius: 4px; }
        .flame-controls #flame-status { color: var(--muted); }
        .legend .swatch { display: inline-block; width: 14px; height: 10px; margin-left: 10px; vertical-align: middle; border-radius: 2px; }
        .legend .swatch.culprit { background: #e57373; } .legend .swatch.user { background: #9ec5f0; } .legend .swatch.lib { background: #e8c9a0; }
        .legend .swatch.recovered { border: 1.5px dashed var(--fg); } .legend .swatch.match { background: #c39be8; }
        footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
        @media (max-width: 700px) { .snippets { grid-template-columns: 1fr; } }
        """;
}
