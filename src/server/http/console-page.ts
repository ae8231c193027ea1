/**
 * The console's page: HTML and CSS as text (served at GET /, shipped in dist like any module, so
 * nothing is built or fetched at install or run time). console-script.ts is its ES module.
 */
export const CONSOLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ilium console</title>
<style>
:root { --fg: #1d2330; --muted: #667085; --line: #d9dee7; --accent: #2d5bd8; --up: #1a7f37; --down: #c4320a; --bg: #f6f7f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; align-items: center; gap: 24px; padding: 10px 20px; background: #1d2330; color: #fff; }
header h1 { font-size: 17px; margin: 0; font-weight: 600; }
header nav a { color: #c9d3ea; text-decoration: none; margin-right: 16px; padding: 4px 0; }
header nav a.active { color: #fff; border-bottom: 2px solid #8fb0ff; }
header .node { margin-left: auto; color: #c9d3ea; font-size: 13px; }
main { padding: 16px 20px; max-width: 1400px; }
section[hidden] { display: none; }
h2 { font-size: 16px; margin: 4px 0 12px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
table { border-collapse: collapse; background: #fff; border: 1px solid var(--line); margin-bottom: 12px; }
th, td { text-align: left; padding: 4px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #eef1f6; font-weight: 600; font-size: 13px; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code, .mono, textarea, td.v { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.status { font-weight: 700; font-family: ui-monospace, monospace; }
.status.U { color: var(--up); } .status.D { color: var(--down); }
.muted { color: var(--muted); }
.split { display: grid; grid-template-columns: 280px minmax(0, 1fr); gap: 16px; }
td.mono, td.v { overflow-wrap: anywhere; }
.tree { background: #fff; border: 1px solid var(--line); padding: 8px; max-height: 78vh; overflow: auto; }
.tree .ks { font-weight: 600; margin-top: 6px; }
.tree a { display: block; padding: 1px 0 1px 14px; color: var(--accent); text-decoration: none; cursor: pointer; }
.tree a.sel { background: #e4ebff; }
.badge { display: inline-block; font-size: 11px; padding: 0 5px; border-radius: 3px; background: #eef1f6; color: var(--muted); margin-left: 4px; }
.row { background: #fff; border: 1px solid var(--line); margin-bottom: 10px; }
.row > .key { padding: 5px 10px; background: #eef1f6; font-weight: 600; }
.row table { border: 0; margin: 0; width: 100%; }
.super > td { background: #fafbfd; }
.super .scname { font-weight: 600; }
.sub td:first-child { padding-left: 28px; }
button { font: inherit; padding: 4px 12px; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
button.plain { background: #fff; color: var(--accent); }
button:disabled { opacity: .4; cursor: default; }
textarea { width: 100%; min-height: 90px; padding: 8px; border: 1px solid var(--line); border-radius: 4px; }
.error { color: var(--down); background: #fff1ee; border: 1px solid #f3c3b5; padding: 8px 10px; margin: 8px 0; white-space: pre-wrap; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 14px; }
.chart { background: #fff; border: 1px solid var(--line); padding: 8px 10px; }
.chart .now { float: right; font-weight: 600; }
.chart svg { width: 100%; height: 120px; display: block; }
.controls { display: flex; gap: 10px; align-items: center; margin: 8px 0; }
</style>
</head>
<body>
<header>
  <h1>Ilium console</h1>
  <nav>
    <a href="#ring" data-tab="ring">Ring</a>
    <a href="#schema" data-tab="schema">Schema</a>
    <a href="#browse" data-tab="browse">Browse</a>
    <a href="#cql" data-tab="cql">CQL</a>
    <a href="#charts" data-tab="charts">Charts</a>
  </nav>
  <span class="node" id="node-name"></span>
</header>
<main>
  <section id="ring"><h2>Ring</h2><div id="ring-body" class="muted">loading…</div></section>
  <section id="schema" hidden><h2>Keyspaces</h2><div class="split"><div class="tree" id="schema-tree"></div><div id="schema-body" class="muted">Pick a table.</div></div></section>
  <section id="browse" hidden><h2>Rows</h2><div class="split"><div class="tree" id="browse-tree"></div><div><div id="browse-title" class="muted">Pick a column family or table.</div><div id="browse-body"></div><div class="controls"><button class="plain" id="browse-first" disabled>First page</button><button class="plain" id="browse-next" disabled>Next page</button></div></div></div></section>
  <section id="cql" hidden><h2>CQL</h2>
    <textarea id="cql-text" spellcheck="false">SELECT * FROM system.local;</textarea>
    <div class="controls"><label>Keyspace <input id="cql-keyspace" size="16"></label><label><input type="checkbox" id="cql-trace" checked> Trace</label><button id="cql-run">Run</button><button class="plain" id="cql-more" disabled>Next page</button></div>
    <div id="cql-result"></div><div id="cql-trace-out"></div>
  </section>
  <section id="charts" hidden><h2>This node, live</h2><div class="charts" id="charts-body"></div></section>
</main>
<script type="module" src="/console/app.js"></script>
</body>
</html>
`;
