/**
 * The publishing page's stylesheet and script, served from /_publish/assets/ (the page's CSP allows
 * only its own origin's files: no inline style or script). The script polls GET /_publish/state and
 * swaps the panel in when it changed, keeping the focus on the control that had it; the page works
 * without it (every action is a form, answered by a redirect back to the page).
 */

export const PUBLISH_CSS = `
:root{--ink:#1d1b18;--muted:#5c5650;--line:#d9d3cb;--bg:#f7f4ef;--card:#fff;--accent:#2f5d50;--accent-ink:#fff;--danger:#9b2c1f;--focus:#1a56db;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg);line-height:1.5}
*{box-sizing:border-box}
body{margin:0}
a{color:var(--accent)}
code{font-size:.9em;overflow-wrap:anywhere}
.skip{position:absolute;left:-999px;top:0;background:var(--card);padding:.5rem 1rem}
.skip:focus{left:.5rem;z-index:2}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.top{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;background:var(--ink);color:#fff}
.top a{color:#fff;text-decoration:none;font-weight:600}
.brand{margin:0;font-size:1.05rem}
.who{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap;font-size:.9rem}
.who .btn{background:transparent;color:#fff;border-color:#fff8}
main{max-width:62rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.1rem;margin:0 0 .75rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.highlight{border-color:var(--accent);box-shadow:0 0 0 2px #2f5d5022}
.muted{color:var(--muted)}
.error{color:var(--danger);font-weight:500}
.info{color:var(--accent)}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .75rem}
.inline{display:inline}
.btn{display:inline-block;font:inherit;font-weight:600;padding:.55rem 1rem;min-height:2.75rem;border-radius:.4rem;border:1px solid var(--line);background:var(--card);color:var(--ink);cursor:pointer;text-decoration:none;line-height:1.6}
.btn.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-ink)}
.btn.danger{color:var(--danger);border-color:var(--danger)}
.btn:hover{filter:brightness(.95)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
progress{width:100%;height:1rem;accent-color:var(--accent)}
.phases{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:.5rem 0;list-style:none;font-size:.9rem;color:var(--muted)}
.phases li::before{content:"○ "}
.phases li.done{color:var(--ink)}
.phases li.done::before{content:"✓ "}
.phases li.now{color:var(--accent);font-weight:700}
.phases li.now::before{content:"● "}
pre{white-space:pre-wrap;word-break:break-word;background:#f2efe9;padding:.5rem;border-radius:.3rem;max-height:16rem;overflow:auto;font-size:.8rem}
details summary{cursor:pointer;color:var(--accent);font-weight:500;padding:.25rem 0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.5rem .5rem .5rem 0;border-bottom:1px solid var(--line);vertical-align:middle}
th{font-size:.85rem;color:var(--muted);font-weight:600}
.badge{display:inline-block;background:var(--accent);color:var(--accent-ink);border-radius:1rem;padding:.1rem .7rem;font-size:.85rem;font-weight:600}
.history,.pages{padding-left:0;list-style:none;margin:0}
.history li{padding:.6rem 0;border-bottom:1px solid var(--line)}
.history li.failed{border-left:3px solid var(--danger);padding-left:.6rem}
.pages li{padding:.3rem 0;display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline}
.signin{display:grid;gap:.5rem;max-width:24rem}
.signin input{font:inherit;padding:.55rem .6rem;border:1px solid #8a8178;border-radius:.35rem;min-height:2.75rem}
.signin .btn{margin-top:.5rem;justify-self:start}
.compare{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.compare figure{margin:0}
.compare figcaption{font-weight:600;margin:0 0 .25rem}
.compare iframe{width:100%;height:70vh;border:1px solid var(--line);border-radius:.4rem;background:#fff}
@media (max-width:48rem){.compare{grid-template-columns:1fr}.compare iframe{height:60vh}main{padding:.75rem}th:nth-child(2),td:nth-child(2){display:none}}
`;

export const PUBLISH_JS = `
const panel = document.getElementById('panel');
if (panel) {
  let version = panel.dataset.version;
  const tick = async () => {
    let wait = 5000;
    try {
      const r = await fetch('/_publish/state', { headers: { accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
      if (r.status === 401 || r.status === 403) return location.reload();
      const s = await r.json();
      if (s.version !== version) {
        const focused = document.activeElement && panel.contains(document.activeElement) ? document.activeElement.id : null;
        const open = [...panel.querySelectorAll('details[open]')].map((d) => d.closest('[id]')?.id + ':' + d.querySelector('summary')?.textContent);
        panel.innerHTML = s.html;
        version = s.version;
        panel.dataset.version = version;
        for (const d of panel.querySelectorAll('details')) if (open.includes(d.closest('[id]')?.id + ':' + d.querySelector('summary')?.textContent)) d.open = true;
        if (focused) document.getElementById(focused)?.focus();
      }
      wait = s.running ? 1000 : 4000;
    } catch {
      wait = 8000;
    }
    setTimeout(tick, wait);
  };
  setTimeout(tick, 1000);
}
`;
