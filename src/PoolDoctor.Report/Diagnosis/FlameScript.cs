using System.Security.Cryptography;
using System.Text;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The pages' one script: zoom (click a box, or Tab to it and press Enter; Escape or the button resets) and search of
/// the flame graph. It is a constant, allowed by its SHA-256 in the page's CSP (<see cref="CspSource"/>), so no other
/// script can run. It never turns text into markup: names from the target reach it only as the boxes' `data-name`
/// attributes (HTML-escaped by the writer, read back as plain strings) and leave it only through `textContent` and
/// `setAttribute` of numbers and classes — no innerHTML, no eval, no URL built from a name.
/// </summary>
internal static class FlameScript
{
    public const string Source = """
        (() => {
          const svg = document.getElementById('flame-graph');
          const search = document.getElementById('flame-search');
          const reset = document.getElementById('flame-reset');
          const status = document.getElementById('flame-status');
          if (!svg || !search || !reset || !status) return;
          const W = 960, ROW = 18, CHAR = 6.6, MIN = 0.5;
          const nodes = Array.from(svg.querySelectorAll('g.frame'), g => ({
            g, rect: g.querySelector('rect'), text: g.querySelector('text'),
            x: Number(g.getAttribute('data-x')), w: Number(g.getAttribute('data-w')), row: Number(g.getAttribute('data-row')),
            parent: Number(g.getAttribute('data-p')), name: g.getAttribute('data-name') || '', kids: [] }));
          if (nodes.length === 0) return;
          for (const n of nodes) if (n.parent >= 0 && n.parent < nodes.length) nodes[n.parent].kids.push(n);
          const byGroup = new Map(nodes.map(n => [n.g, n]));
          const cut = (name, width) => {
            const fits = Math.floor((width - 6) / CHAR);
            return fits < 3 ? '' : name.length <= fits ? name : name.slice(0, fits - 1) + '\u2026';
          };
          let maxRow = 0;
          const place = (n, x, w) => {
            const visible = w >= MIN;
            n.g.classList.toggle('sliver', !visible);
            if (visible) {
              n.rect.setAttribute('x', x.toFixed(1));
              n.rect.setAttribute('width', Math.max(w - 1, 0.5).toFixed(1));
              n.text.setAttribute('x', (x + 3).toFixed(1));
              n.text.textContent = cut(n.name, w);
              maxRow = Math.max(maxRow, n.row);
            }
            return visible;
          };
          const hide = n => { n.g.classList.add('sliver'); n.kids.forEach(hide); };
          const show = (n, x, w) => {
            if (!place(n, x, w)) { n.kids.forEach(hide); return; }
            for (const k of n.kids) show(k, x + (k.x - n.x) * w / n.w, k.w * w / n.w);
          };
          let zoomed = nodes[0];
          // The zoomed box fills the width, its callees below it in proportion; its callers stay above at full width.
          const zoom = n => {
            zoomed = n;
            maxRow = 0;
            hide(nodes[0]);
            for (let a = nodes[n.parent]; a; a = nodes[a.parent]) place(a, 0, W);
            show(n, 0, W);
            svg.setAttribute('viewBox', '0 0 ' + W + ' ' + (maxRow + 1) * ROW);
            const top = n === nodes[0];
            reset.disabled = top;
            svg.classList.toggle('zoomed', !top);
            status.textContent = top ? '' : 'Zoomed to ' + n.name + ' (Escape or Reset zoom goes back).';
          };
          const boxOf = target => target instanceof Element ? byGroup.get(target.closest('g.frame')) : undefined;
          svg.addEventListener('click', e => { const n = boxOf(e.target); if (n) zoom(n === zoomed ? nodes[0] : n); });
          svg.addEventListener('keydown', e => {
            if (e.key === 'Escape') { zoom(nodes[0]); return; }
            if (e.key !== 'Enter' && e.key !== ' ') return;
            const n = boxOf(e.target);
            if (n) { e.preventDefault(); zoom(n); n.g.focus(); }
          });
          reset.addEventListener('click', () => zoom(nodes[0]));
          const matches = () => {
            const q = search.value.trim().toLowerCase();
            return q === '' ? [] : nodes.filter(n => n.name.toLowerCase().includes(q));
          };
          search.addEventListener('input', () => {
            const found = new Set(matches());
            for (const n of nodes) n.g.classList.toggle('match', found.has(n));
            // The share of the samples under the matches, each counted once (a match inside another is already in it).
            let width = 0;
            for (const n of found) { let a = nodes[n.parent]; while (a && !found.has(a)) a = nodes[a.parent]; if (!a) width += n.w; }
            status.textContent = search.value.trim() === '' ? '' : found.size + ' matching box' + (found.size === 1 ? '' : 'es')
              + ', ' + (100 * width / W).toFixed(1) + ' % of the graph' + (found.size > 0 ? '; Enter zooms to the widest.' : '.');
          });
          search.addEventListener('keydown', e => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const best = matches().sort((a, b) => b.w - a.w)[0];
            if (best) zoom(best);
          });
        })();
        """;

    /// <summary>The CSP source that allows exactly this script: `'sha256-…'` of its text as the page holds it.</summary>
    public static string CspSource { get; } = "'sha256-" + Convert.ToBase64String(SHA256.HashData(Encoding.UTF8.GetBytes(Source))) + "'";
}
