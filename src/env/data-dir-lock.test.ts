import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirectoryInUseError } from '../errors/index.js';
import { lockDataDir } from './data-dir-lock.js';
import { createRealEnv } from './real-env.js';
import { createSimEnv } from './sim-env.js';

const DIR = '/data/node';
const LOCK = `${DIR}/LOCK`;
const text = (b: Buffer): string => b.toString('utf8');

test('a free directory is created and locked with this process id; release removes the LOCK and nothing else is left', () => {
  const env = createSimEnv(1);
  const lock = lockDataDir(env, DIR);
  assert.equal(text(env.fs.readFileSync(LOCK)), `${env.processes.selfPid}\n`);
  assert.equal(lock.lockFile, LOCK);
  assert.equal(lock.staleOwner, undefined);
  assert.deepEqual(env.fs.readdirSync(DIR), ['LOCK'], 'the private LOCK.<pid>.new is gone');
  lock.release();
  assert.deepEqual(env.fs.readdirSync(DIR), []);
  lock.release(); // twice is harmless
});

test('a LOCK of a live process is refused, naming the pid and the LOCK file, and left as it was', () => {
  const env = createSimEnv(2);
  env.fs.mkdirSync(DIR);
  const node = env.processes.spawn();
  env.fs.writeFileSync(LOCK, Buffer.from(`${node}\n`));
  assert.throws(() => lockDataDir(env, DIR), (e: unknown) => {
    assert.ok(e instanceof DataDirectoryInUseError);
    assert.equal(e.name, 'DataDirectoryInUseError');
    assert.equal(e.pid, node);
    assert.equal(e.message, `data directory ${DIR} is in use by process ${node} (its LOCK file ${LOCK}); stop that process or open another directory`);
    return true;
  });
  assert.equal(text(env.fs.readFileSync(LOCK)), `${node}\n`);
  assert.deepEqual(env.fs.readdirSync(DIR), ['LOCK']);
  assert.throws(() => lockDataDir(env, DIR, 'stop that node or pass another --data'), /in use by process \d+ .*; stop that node or pass another --data$/);
});

test('a second lock in the same process is refused while the first is held, and allowed after its release', () => {
  const env = createSimEnv(3);
  const first = lockDataDir(env, DIR);
  assert.throws(() => lockDataDir(env, DIR), (e: unknown) => {
    assert.ok(e instanceof DataDirectoryInUseError);
    assert.equal(e.pid, env.processes.selfPid);
    assert.match(e.message, /that is this process: close the Ilium instance \(or node\) that has it open first/);
    return true;
  });
  first.release();
  lockDataDir(env, DIR).release();
});

test('the LOCK of a dead process is taken over and its pid reported; so is a LOCK that names no process', () => {
  const env = createSimEnv(4);
  env.fs.mkdirSync(DIR);
  const dead = env.processes.spawn();
  env.processes.exit(dead);
  env.fs.writeFileSync(LOCK, Buffer.from(`${dead}\n`));
  const lock = lockDataDir(env, DIR);
  assert.equal(lock.staleOwner, dead);
  assert.equal(text(env.fs.readFileSync(LOCK)), `${env.processes.selfPid}\n`);
  assert.deepEqual(env.fs.readdirSync(DIR), ['LOCK'], 'the stale LOCK moved aside is gone');
  lock.release();
  for (const content of ['', 'garbage\n', '0\n']) {
    env.fs.writeFileSync(LOCK, Buffer.from(content)); // a power loss leaves an empty LOCK
    const taken = lockDataDir(env, DIR);
    assert.equal(taken.staleOwner, 'unknown', JSON.stringify(content));
    taken.release();
  }
});

test('release leaves a LOCK that names another process alone', () => {
  const env = createSimEnv(5);
  const lock = lockDataDir(env, DIR);
  const other = env.processes.spawn();
  env.fs.writeFileSync(LOCK, Buffer.from(`${other}\n`)); // someone deleted ours and locked it
  lock.release();
  assert.equal(text(env.fs.readFileSync(LOCK)), `${other}\n`);
});

test('on the real OS: a live process (our parent) holds the LOCK; an exited child\'s LOCK is taken over', () => {
  const env = createRealEnv();
  const dir = mkdtempSync(join(tmpdir(), 'ilium-lock-'));
  const lockFile = join(dir, 'LOCK');
  try {
    writeFileSync(lockFile, `${process.ppid}\n`);
    assert.throws(() => lockDataDir(env, dir), (e: unknown) => e instanceof DataDirectoryInUseError && e.pid === process.ppid);
    const child = spawnSync(process.execPath, ['-e', '0']);
    assert.equal(child.status, 0);
    assert.equal(env.processes.isAlive(child.pid), false);
    writeFileSync(lockFile, `${child.pid}\n`);
    const lock = lockDataDir(env, dir);
    assert.equal(lock.staleOwner, child.pid);
    assert.equal(readFileSync(lockFile, 'utf8'), `${process.pid}\n`);
    lock.release();
    assert.ok(!existsSync(lockFile));
    assert.deepEqual(readdirSync(dir), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('two takers of one stale LOCK: the one that moved the winner\'s fresh LOCK puts it back and refuses', () => {
  const env = createSimEnv(6);
  env.fs.mkdirSync(DIR);
  const dead = env.processes.spawn();
  env.processes.exit(dead);
  env.fs.writeFileSync(LOCK, Buffer.from(`${dead}\n`));
  const winner = env.processes.spawn();
  // The winner replaces the stale LOCK between our look at it and our move of it.
  const fs = Object.create(env.fs) as typeof env.fs;
  fs.renameSync = (from, to) => {
    if (from === LOCK && text(env.fs.readFileSync(LOCK)) === `${dead}\n`) {
      env.fs.unlinkSync(LOCK);
      env.fs.writeFileSync(LOCK, Buffer.from(`${winner}\n`));
    }
    env.fs.renameSync(from, to);
  };
  assert.throws(() => lockDataDir({ fs, processes: env.processes }, DIR), (e: unknown) => e instanceof DataDirectoryInUseError && e.pid === winner);
  assert.equal(text(env.fs.readFileSync(LOCK)), `${winner}\n`, 'the winner keeps its LOCK');
  assert.deepEqual(env.fs.readdirSync(DIR), ['LOCK']);
});
