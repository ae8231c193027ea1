/**
 * The console's script: a plain ES module (served at /console/app.js) that polls the node's
 * /console/api/* JSON and draws with the DOM and inline SVG — no framework, nothing fetched
 * from elsewhere. Every text from the node goes in as text (never as HTML).
 */
export const CONSOLE_SCRIPT = String.raw`
const $ = (id) => document.getElementById(id);
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  for (const k of kids.flat()) if (k !== undefined && k !== null) e.append(k instanceof Node ? k : String(k));
  return e;
}
async function api(path, init) {
  const r = await fetch(path, init);
  const body = await r.json().catch(() => ({ error: { message: r.status + ' ' + r.statusText } }));
  if (!r.ok) throw new Error((body.error && (body.error.type ? body.error.type + ': ' : '') + body.error.message) || r.statusText);
  return body;
}
const short = (t) => (t ? String(t).replace('org.apache.cassandra.db.marshal.', '') : '');
function bytes(n) { const u = ['B', 'KiB', 'MiB', 'GiB', 'TiB']; let i = 0; while (n >= 1024 && i < u.length - 1) { n /= 1024; i++; } return (i ? n.toFixed(1) : n) + ' ' + u[i]; }
function when(micros) { const ms = Number(BigInt(micros) / 1000n); return new Date(ms).toISOString().replace('T', ' ').replace('Z', ' UTC'); }

// Tabs
const tabs = ['ring', 'schema', 'browse', 'cql', 'charts'];
function show() {
  const t = tabs.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'ring';
  for (const s of tabs) { $(s).hidden = s !== t; document.querySelector('[data-tab=' + s + ']').classList.toggle('active', s === t); }
  if (t === 'schema' || t === 'browse') loadSchema();
}
addEventListener('hashchange', show);

// Ring, polled
async function ring() {
  try {
    const r = await api('/console/api/ring');
    $('node-name').textContent = 'node ' + r.local;
    if (schema && schema.version !== r.schemaVersion) loadSchema();
    const body = [];
    for (const dc of r.dataCenters) {
      body.push(el('h3', {}, 'Datacenter: ' + dc.name));
      body.push(el('table', { class: 'ring' },
        el('tr', {}, ['Status', 'Address', 'Load', 'Tokens', 'Owns', 'Host ID', 'Rack'].map((h) => el('th', {}, h))),
        dc.nodes.map((n) => el('tr', { 'data-address': n.address },
          el('td', { class: 'status ' + n.status }, n.status + n.state),
          el('td', { class: 'mono' }, n.address + (n.address === r.local ? ' (this node)' : '')),
          el('td', { class: 'num' }, bytes(n.loadBytes)), el('td', { class: 'num' }, n.tokens),
          el('td', { class: 'num' }, (n.owns * 100).toFixed(1) + '%'), el('td', { class: 'mono' }, n.hostId), el('td', {}, n.rack)))));
    }
    body.push(el('p', { class: 'muted' }, 'Status/State: U up, D down / N normal, J joining, L leaving, M moving. From gossip, updated every 1.5 s.'));
    $('ring-body').replaceChildren(...body);
  } catch (e) { $('ring-body').replaceChildren(el('div', { class: 'error' }, String(e.message || e))); }
}

// Schema and the row browser's table list
let schema;
async function loadSchema() {
  try { schema = await api('/console/api/schema'); } catch (e) { $('schema-body').replaceChildren(el('div', { class: 'error' }, e.message)); return; }
  for (const [treeId, pick] of [['schema-tree', showTable], ['browse-tree', (ks, t) => browse(ks, t)]]) {
    $(treeId).replaceChildren(...schema.keyspaces.flatMap((ks) => [el('div', { class: 'ks' }, ks.name),
      ...ks.tables.map((t) => { const a = el('a', { 'data-table': ks.name + '.' + t.name }, t.name, el('span', { class: 'badge' }, t.madeBy === 'cql' ? 'CQL' : t.columnType)); a.onclick = () => { for (const s of document.querySelectorAll('#' + treeId + ' a.sel')) s.classList.remove('sel'); a.classList.add('sel'); pick(ks, t); }; return a; })]));
  }
}
function kv(rows) { return el('table', {}, rows.map(([k, v]) => el('tr', {}, el('th', {}, k), el('td', { class: 'mono' }, v)))); }
function showTable(ks, t) {
  const out = [el('h3', {}, ks.name + '.' + t.name),
    kv([['made by', t.madeBy === 'cql' ? 'CQL' : 'Thrift'], ['column_type', t.columnType], ['comparator', short(t.comparator)], ['subcomparator', short(t.subcomparator) || '—'],
      ['default_validation_class', short(t.defaultValidator)], ['key_validation_class', short(t.keyValidator)], ['keyspace replication', JSON.stringify(ks.replication)]])];
  if (t.columnMetadata.length) out.push(el('h3', {}, 'Column metadata'), el('table', {}, el('tr', {}, el('th', {}, 'name'), el('th', {}, 'validation_class'), el('th', {}, 'index')), t.columnMetadata.map((c) => el('tr', {}, el('td', { class: 'mono' }, c.name), el('td', { class: 'mono' }, short(c.validator)), el('td', {}, c.indexType ? c.indexType + ' ' + (c.indexName || '') : '')))));
  out.push(el('h3', {}, 'CQL columns'), el('table', {}, el('tr', {}, el('th', {}, 'name'), el('th', {}, 'kind'), el('th', {}, 'type')), t.cqlColumns.map((c) => el('tr', {}, el('td', { class: 'mono' }, c.name), el('td', {}, c.kind), el('td', { class: 'mono' }, short(c.type))))));
  out.push(el('h3', {}, 'Options'), kv(Object.entries(t.options).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])));
  $('schema-body').replaceChildren(...out);
}

// Row browser
const PAGE = 20;
let browsing;
function cellRow(c, cls) {
  return el('tr', { class: cls },
    el('td', { class: 'v' }, c.name), el('td', { class: 'v' }, c.value === null ? el('span', { class: 'muted' }, 'null') : c.value),
    el('td', { class: 'mono' }, c.timestamp ? when(c.timestamp) : ''), el('td', { class: 'num mono' }, c.timestamp || ''), el('td', { class: 'num' }, c.ttl || ''));
}
async function browse(ks, t, after) {
  browsing = { ks, t, after };
  $('browse-title').replaceChildren(el('h3', {}, ks.name + '.' + t.name + ' ', el('span', { class: 'badge' }, t.madeBy === 'cql' ? 'CQL table' : t.columnType + ' column family')));
  try {
    const q = new URLSearchParams({ count: String(PAGE) }); if (after) q.set('after', after);
    const page = await api('/console/api/rows/' + encodeURIComponent(ks.name) + '/' + encodeURIComponent(t.name) + '?' + q);
    const head = el('tr', {}, ['name', 'value', 'timestamp', 'µs', 'TTL'].map((h) => el('th', {}, h)));
    const rows = page.rows.map((r) => el('div', { class: 'row' }, el('div', { class: 'key mono' }, r.key), r.truncated ? el('div', { class: 'muted cut' }, 'More columns than a page shows (the first ' + r.cells.length + ' here).') : null,
      el('table', {}, head.cloneNode(true), r.cells.flatMap((c) => c.columns
        ? [el('tr', { class: 'super' }, el('td', { class: 'v scname', colspan: 5 }, 'super column ' + c.name + ' (' + c.columns.length + ')')), ...c.columns.map((s) => cellRow(s, 'sub'))]
        : [cellRow(c, 'col')]))));
    $('browse-body').replaceChildren(...(rows.length ? rows : [el('p', { class: 'muted' }, 'No rows.')]));
    $('browse-body').dataset.page = ks.name + '.' + t.name + '@' + (after || '');
    $('browse-next').disabled = !page.next; $('browse-first').disabled = !after;
    $('browse-next').onclick = () => browse(ks, t, page.next);
    $('browse-first').onclick = () => browse(ks, t);
  } catch (e) { $('browse-body').replaceChildren(el('div', { class: 'error' }, e.message)); }
}

// CQL editor
let cqlPage;
async function runCql(pagingState) {
  const query = $('cql-text').value; const keyspace = $('cql-keyspace').value.trim(); const trace = $('cql-trace').checked;
  $('cql-result').replaceChildren(el('p', { class: 'muted' }, 'running…')); $('cql-trace-out').replaceChildren();
  try {
    const r = await api('/console/api/cql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, keyspace, trace, ...(pagingState ? { pagingState } : {}) }) });
    const out = r.warnings.map((w) => el('div', { class: 'muted' }, 'Warning: ' + w));
    if (r.kind === 'rows') out.push(el('table', { class: 'result' }, el('tr', {}, r.columns.map((c) => el('th', { title: c.type }, c.name))), r.rows.map((row) => el('tr', {}, row.map((v) => el('td', { class: 'v' }, v === null ? el('span', { class: 'muted' }, 'null') : v))))), el('p', { class: 'muted' }, r.rows.length + ' row(s)' + (r.pagingState ? ', more pages' : '')));
    else out.push(el('p', { class: 'muted' }, r.kind === 'set_keyspace' ? 'Keyspace ' + r.keyspace : 'Done (' + r.kind + ').'));
    $('cql-result').replaceChildren(...out);
    cqlPage = r.pagingState; $('cql-more').disabled = !cqlPage;
    if (r.traceId) showTrace(r.traceId);
  } catch (e) { $('cql-result').replaceChildren(el('div', { class: 'error' }, e.message)); }
}
async function showTrace(id) {
  try {
    const t = await api('/console/api/trace/' + id);
    $('cql-trace-out').replaceChildren(el('h3', { class: 'trace' }, 'Tracing session ' + id + (t.durationMicros !== null ? ' (' + t.durationMicros + ' µs)' : '')),
      el('table', { class: 'trace' }, el('tr', {}, ['activity', 'source', 'source_elapsed (µs)', 'thread'].map((h) => el('th', {}, h))),
        t.events.map((e) => el('tr', {}, el('td', {}, e.activity), el('td', { class: 'mono' }, e.source), el('td', { class: 'num' }, e.sourceElapsedMicros ?? ''), el('td', {}, e.thread)))));
  } catch (e) { $('cql-trace-out').replaceChildren(el('div', { class: 'error' }, 'Trace: ' + e.message)); }
}
$('cql-run').onclick = () => runCql();
$('cql-more').onclick = () => runCql(cqlPage);
$('cql-text').addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) runCql(); });

// Live charts
const POINTS = 90;
const series = { 'Requests/s': [], 'p50 latency (ms)': [], 'p99 latency (ms)': [], 'Memtables (bytes)': [], 'Compactions pending': [], 'Compactions completed': [], 'Hints written': [], 'Hints delivered': [] };
let last;
function quantile(bounds, counts, q) {
  const total = counts[counts.length - 1]; if (!total) return 0;
  const want = Math.ceil(total * q); for (let i = 0; i < counts.length; i++) if (counts[i] >= want) return bounds[i] * 1000;
  return bounds[bounds.length - 1] * 1000;
}
async function stats() {
  let s; try { s = await api('/console/api/stats'); } catch { return; }
  if (last) {
    const dt = Math.max(1, s.atMs - last.atMs) / 1000;
    const diff = s.latencyCumulative.map((c, i) => c - last.latencyCumulative[i]);
    const push = (k, v) => { series[k].push(v); if (series[k].length > POINTS) series[k].shift(); };
    push('Requests/s', (s.requests - last.requests) / dt);
    push('p50 latency (ms)', quantile(s.latencyBoundsSeconds, diff, 0.5));
    push('p99 latency (ms)', quantile(s.latencyBoundsSeconds, diff, 0.99));
    push('Memtables (bytes)', s.memtableBytes); push('Compactions pending', s.compactionsPending); push('Compactions completed', s.compactionsCompleted);
    push('Hints written', s.hintsWritten); push('Hints delivered', s.hintsDelivered);
    if (!$('charts').hidden) drawCharts();
  }
  last = s;
}
function drawCharts() {
  const NS = 'http://www.w3.org/2000/svg';
  $('charts-body').replaceChildren(...Object.entries(series).map(([name, pts]) => {
    const max = Math.max(1e-9, ...pts); const w = 400; const h = 110;
    const svg = document.createElementNS(NS, 'svg'); svg.setAttribute('viewBox', '0 0 ' + w + ' ' + h); svg.setAttribute('preserveAspectRatio', 'none');
    const line = document.createElementNS(NS, 'polyline');
    line.setAttribute('points', pts.map((v, i) => (i * w / (POINTS - 1)).toFixed(1) + ',' + (h - 4 - (v / max) * (h - 12)).toFixed(1)).join(' '));
    line.setAttribute('fill', 'none'); line.setAttribute('stroke', '#2d5bd8'); line.setAttribute('stroke-width', '2');
    svg.append(line);
    const now = pts.length ? pts[pts.length - 1] : 0;
    return el('div', { class: 'chart', 'data-chart': name }, el('span', { class: 'now' }, name.includes('bytes') ? bytes(now) : Number.isInteger(now) ? now : now.toFixed(2)), el('div', {}, name), svg, el('div', { class: 'muted' }, 'max ' + (name.includes('bytes') ? bytes(max) : max.toFixed(2)) + ' over the last ' + POINTS + ' polls'));
  }));
}

show(); ring(); stats();
setInterval(ring, 1500); setInterval(stats, 1500);
`;
