/**
 * The `ilium` command line (issue 18): every command answers --help (exit 0, on stdout), refuses
 * an unknown flag with the nearest known one (exit 2), an unknown command gets a suggestion too,
 * --help is help everywhere (-h is nodetool's and cli's host, unknown to start and stress), the
 * version line, and nodetool's help lists every command of the node's command table.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NODETOOL_COMMANDS } from '../server/admin/nodetool-commands.js';

const CLI = fileURLToPath(new URL('./ilium.js', import.meta.url));

function ilium(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 30_000 });
}

test('ilium --help, ilium help and ilium with no command list every command; --version, -v and version print the version line', () => {
  for (const args of [['--help'], ['help'], []]) {
    const r = ilium(...args);
    assert.equal(r.status, 0, args.join(' '));
    for (const command of ['start', 'schema', 'sstable', 'nodetool', 'cqlsh', 'cli', 'stress', 'cluster']) assert.match(r.stdout, new RegExp(`^  ${command}\\b`, 'm'), command);
  }
  for (const flag of ['--version', '-v', 'version']) {
    const r = ilium(flag);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^ilium \d+\.\d+\.\d+\S* \(as Apache Cassandra [\d.]+: CQL native protocol v3-v5, Thrift 0\.7 API\)\n$/);
  }
});

test('each command answers --help with its own options, exit 0', () => {
  const expected: Record<string, RegExp> = {
    start: /Usage: ilium start \[options\][\s\S]*--log-format <format>[\s\S]*--log-level <level>[\s\S]*--log-file <file>/,
    'schema load': /Usage: ilium schema load \[options\] <file>/,
    'sstable dump': /Usage: ilium sstable dump \[options\] <table-dir> <generation>/,
    'sstable verify': /Usage: ilium sstable verify \[options\] <table-dir> \[generations\.\.\.\]/,
    nodetool: /usage: ilium nodetool \[-h host\]/,
    cqlsh: /usage: ilium cqlsh \[host \[port\]\]/,
    cli: /usage: ilium cli \[options\]\n  -h, --host HOST/,
    stress: /usage: ilium stress write\|read\|mixed/,
    cluster: /usage: ilium cluster start -n N/,
  };
  for (const [command, usage] of Object.entries(expected)) {
    const words = command.split(' ');
    // `ilium help X` for the one-word commands (`ilium help schema` is the schema group's help).
    for (const args of words.length === 1 ? [[command, '--help'], ['help', command]] : [[...words, '--help']]) {
      const r = ilium(...args);
      assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, usage, args.join(' '));
    }
  }
});

test('unknown flags and commands are refused with a suggestion, exit 2', () => {
  const cases: [string[], RegExp][] = [
    [['strat'], /unknown command 'strat'\n\(Did you mean start\?\)/],
    [['start', '--sed', '127.0.36.2'], /unknown option '--sed'\n\(Did you mean --seeds\?\)/],
    [['start', '-h'], /unknown option '-h'/],
    [['start', '--log-level', 'loud'], /argument 'loud' is invalid\. Allowed choices are debug, info, warn, error/],
    [['start', '--log-format', 'xml'], /Allowed choices are json, pretty/],
    [['schema', 'load', 'f.json', '--hots', 'x'], /unknown option '--hots'\n\(Did you mean --host\?\)/],
    [['sstable', 'dupm'], /unknown command 'dupm'\n\(Did you mean dump\?\)/],
    [['nodetool', 'status', '--resolve-ip'], /status: unknown option '--resolve-ip'; status takes no options/],
    [['nodetool', 'stauts'], /unknown command 'stauts' \(did you mean status\?\)/],
    [['nodetool', '--hots', 'x', 'status'], /unknown option '--hots' \(did you mean --host\?\)/],
    [['nodetool', 'snapshot', '--tga', 'x'], /snapshot: unknown option '--tga' \(did you mean --tag\?\)/],
    [['cqlsh', '--keyspce', 'ks'], /unknown option '--keyspce' \(did you mean --keyspace\?\)/],
    [['cli', '--hots', 'x'], /unknown option '--hots' \(did you mean --host\?\)/],
    [['stress', 'write', '--sed', '1'], /unknown option '--sed' \(did you mean --seed\?\)/],
    [['stress', 'write', '-h'], /unknown option '-h'/],
    [['cluster', 'start', '--bas-address', 'x'], /unknown option '--bas-address' \(did you mean --base-address\?\)/],
  ];
  for (const [args, message] of cases) {
    const r = ilium(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
  }
});

test("ilium nodetool --help lists every command of the node's command table", () => {
  const r = ilium('nodetool', '--help');
  assert.equal(r.status, 0);
  for (const name of Object.keys(NODETOOL_COMMANDS)) assert.match(r.stdout, new RegExp(`^  ${name}\\b`, 'm'), name);
});
