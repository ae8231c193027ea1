/**
 * Which port `ilium nodetool` asks: the HTTP endpoint by default (9180), `--http-port` another, `-p`
 * the admin port as scripts have always used it (`--http -p` the HTTP port, the older form). The
 * selection as a function, then real runs: a node whose HTTP endpoint is on 127.0.42.2:9180 (its
 * own loopback address, so the fixed port clashes with no other test) answers `nodetool -h
 * 127.0.42.2 status` with no port flag, and a node on an ephemeral HTTP port answers
 * `--http-port` exactly as its admin port answers `-p`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runIliumCommand, useIliumProcess } from '../../../test/support/ilium-process.js';
import { HTTP_PORT_DEFAULT, parseNodetoolArgs, transportOf } from './run-nodetool.js';

const onDefault = useIliumProcess({ address: '127.0.42.2', httpPort: HTTP_PORT_DEFAULT, configYaml: 'http_address: 127.0.42.2\n' });
const ephemeral = useIliumProcess({ address: '127.0.42.3' });

test('the port asked: HTTP 9180 by default, --http-port, -p the admin port, --http -p the HTTP port', () => {
  assert.equal(HTTP_PORT_DEFAULT, 9180);
  assert.deepEqual(transportOf({ port: undefined, httpPort: undefined, http: false }), { http: true, port: 9180 });
  assert.deepEqual(transportOf({ port: undefined, httpPort: undefined, http: true }), { http: true, port: 9180 });
  assert.deepEqual(transportOf({ port: 7199, httpPort: undefined, http: false }), { http: false, port: 7199 });
  assert.deepEqual(transportOf({ port: undefined, httpPort: 8080, http: false }), { http: true, port: 8080 });
  assert.deepEqual(transportOf({ port: 8080, httpPort: undefined, http: true }), { http: true, port: 8080 });
  assert.match(String(transportOf({ port: 7199, httpPort: 9180, http: false })), /both name a port: give one/);
  const parsed = (...argv: string[]) => {
    const p = parseNodetoolArgs(argv);
    return typeof p === 'string' ? p : { http: p.http, port: p.port, host: p.host };
  };
  assert.deepEqual(parsed('status'), { http: true, port: 9180, host: '127.0.0.1' });
  assert.deepEqual(parsed('-h', '127.0.42.9', '-p', '7199', 'status'), { http: false, port: 7199, host: '127.0.42.9' });
  assert.deepEqual(parsed('--http-port', '9999', 'status'), { http: true, port: 9999, host: '127.0.0.1' });
  assert.match(String(parsed('--http-port', 'x', 'status')), /--http-port: not a port number: x/);
  assert.match(String(parsed('-p', '1', '--http-port', '2', 'status')), /give one/);
});

test('no port flag: the node\'s HTTP endpoint on 9180', async () => {
  const n = onDefault();
  assert.equal(n.httpUrl, 'http://127.0.42.2:9180');
  const r = await runIliumCommand(['nodetool', '-h', '127.0.42.2', 'status']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^UN {2}127\.0\.42\.2 /m);
  const info = await runIliumCommand(['nodetool', '-h', '127.0.42.2', 'version']);
  assert.match(info.stdout, /^ReleaseVersion: \d+\.\d+/);
});

test('--http-port asks the HTTP endpoint and prints as -p (the admin port) does; refusals name the port asked', async () => {
  const n = ephemeral();
  const httpPort = new URL(n.httpUrl!).port;
  const stable = (s: string) => s.replace(/Uptime \(seconds\)\s*: \d+/, '').replace(/Heap Memory \(MB\)\s*: .*/, '').replace(/Load\s*: .*/, '').replace(/\d+(\.\d+)? (KiB|bytes|MiB)/g, '');
  for (const command of [['status'], ['info'], ['tablestats', 'system_auth'], ['tablehistograms', 'system_auth.roles']]) {
    const viaHttp = await runIliumCommand(['nodetool', '--http-port', httpPort, ...command]);
    assert.equal(viaHttp.code, 0, viaHttp.stderr);
    const viaAdmin = await runIliumCommand(['nodetool', '-p', String(n.adminPort), ...command]);
    assert.equal(viaAdmin.code, 0, viaAdmin.stderr);
    assert.equal(stable(viaHttp.stdout), stable(viaAdmin.stdout), command.join(' '));
  }
  // Nothing serves HTTP on 127.0.42.3:9180 (this node's endpoint is on 127.0.0.1): the default is refused, and says how to choose.
  const refused = await runIliumCommand(['nodetool', '-h', '127.0.42.3', 'status']);
  assert.equal(refused.code, 3);
  assert.match(refused.stderr, /^nodetool: Failed to connect to '127\.0\.42\.3:9180' - Connection refused \(.*nodetool asks the HTTP endpoint.*--http-port N for another, -p N for the admin port\)\n$/);
  const help = await runIliumCommand(['nodetool', '--help']);
  assert.match(help.stdout, /--http-port {4}the node's HTTP endpoint port/);
  assert.match(help.stdout, /-p, --port {5}ask the node's admin port instead/);
});
