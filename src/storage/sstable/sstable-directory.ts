import { join } from 'node:path';
import type { Env } from '../../env/env.js';
import { Component, dataComponents, Descriptor, parseFileName, tmpSuffix } from './descriptor.js';

/**
 * The SSTables of one directory. A generation is complete when its TOC.txt exists; anything else
 * with our file-name pattern is a leftover of an interrupted write or delete, which start-up
 * moves to `quarantine/` (never deletes).
 */

/** Complete generations in `dir`, ascending. A missing directory has none. */
export function listSSTables(env: Env, dir: string): number[] {
  if (!env.fs.existsSync(dir)) return [];
  const gens: number[] = [];
  for (const name of env.fs.readdirSync(dir)) {
    const parsed = parseFileName(name);
    if (parsed !== null && !parsed.temporary && parsed.component === Component.TOC) gens.push(parsed.generation);
  }
  return gens.sort((a, b) => a - b);
}

/**
 * The folder inside a table directory where incomplete SSTable sets are moved at start: never
 * deleted, so an operator can look at them (or copy them back with a TOC) and remove them.
 */
export const quarantineDirName = 'quarantine';

/**
 * Moves temporary files and the components of incomplete generations (no TOC.txt) into
 * `<dir>/quarantine/`, keeping their names; returns the file names moved. Nothing is deleted.
 * Call at startup, before any writer runs in `dir`. An incomplete set is normally a flush or
 * compaction cut short by a crash (its data is still in the commit log or in the inputs).
 */
export function quarantineIncomplete(env: Env, dir: string): string[] {
  if (!env.fs.existsSync(dir)) return [];
  const complete = new Set(listSSTables(env, dir));
  const qdir = join(dir, quarantineDirName);
  const moved: string[] = [];
  for (const name of env.fs.readdirSync(dir)) {
    const parsed = parseFileName(name);
    if (parsed === null) continue;
    if (parsed.temporary || !complete.has(parsed.generation)) {
      if (moved.length === 0) env.fs.mkdirSync(qdir);
      env.fs.renameSync(join(dir, name), freeName(env, qdir, name));
      moved.push(name);
    }
  }
  if (moved.length > 0) {
    env.fs.fsyncDirSync(qdir);
    env.fs.fsyncDirSync(dir);
  }
  return moved;
}

/**
 * Moves every file of one generation into `<dir>/quarantine/`, TOC first (so a crash part-way
 * leaves an incomplete set, which the next start quarantines too). Returns the names moved.
 */
export function quarantineGeneration(env: Env, dir: string, generation: number): string[] {
  const desc = new Descriptor(dir, generation);
  const qdir = join(dir, quarantineDirName);
  env.fs.mkdirSync(qdir);
  const moved: string[] = [];
  for (const c of [Component.TOC, ...dataComponents]) {
    if (!env.fs.existsSync(desc.path(c))) continue;
    env.fs.renameSync(desc.path(c), freeName(env, qdir, desc.fileName(c)));
    moved.push(desc.fileName(c));
    if (c === Component.TOC) env.fs.fsyncDirSync(dir);
  }
  env.fs.fsyncDirSync(qdir);
  env.fs.fsyncDirSync(dir);
  return moved;
}

/** `name` in `dir`, or `name.1`, `name.2`… when it is taken (never overwrite quarantined files). */
function freeName(env: Env, dir: string, name: string): string {
  let path = join(dir, name);
  for (let i = 1; env.fs.existsSync(path); i++) path = join(dir, `${name}.${i}`);
  return path;
}

/** Every generation named by a file in `dir` or its quarantine, complete or not. */
export function generationsEverSeen(env: Env, dir: string): number[] {
  const out: number[] = [];
  for (const d of [dir, join(dir, quarantineDirName)]) {
    if (!env.fs.existsSync(d)) continue;
    for (const name of env.fs.readdirSync(d)) {
      const m = /(\d+)/.exec(name);
      if (m) out.push(Number(m[1]));
    }
  }
  return out;
}

/**
 * Deletes every file of one generation, TOC first, so that a crash part-way leaves an incomplete
 * generation for `quarantineIncomplete` rather than a damaged complete one.
 */
export function removeGeneration(env: Env, dir: string, generation: number): void {
  const desc = new Descriptor(dir, generation);
  const unlinkIfExists = (p: string): boolean => {
    if (!env.fs.existsSync(p)) return false;
    env.fs.unlinkSync(p);
    return true;
  };
  const tocRemoved = [desc.path(Component.TOC), desc.tmpPath(Component.TOC)].map(unlinkIfExists).some(Boolean);
  // Make the generation incomplete on disk before its data goes.
  if (tocRemoved) env.fs.fsyncDirSync(dir);
  let any = false;
  for (const c of dataComponents) {
    if (unlinkIfExists(desc.path(c))) any = true;
    if (unlinkIfExists(desc.path(c) + tmpSuffix)) any = true;
  }
  if (any) env.fs.fsyncDirSync(dir);
}

/**
 * Gives a complete SSTable of `dir` another generation number (nodetool refresh, for SSTables
 * copied in). The TOC goes first to a temporary name and comes back last, so a crash part-way
 * leaves incomplete sets that start-up quarantines, never a complete set missing a component.
 */
export function renameGeneration(env: Env, dir: string, from: number, to: number): void {
  const [a, b] = [new Descriptor(dir, from), new Descriptor(dir, to)];
  env.fs.renameSync(a.path(Component.TOC), b.tmpPath(Component.TOC));
  env.fs.fsyncDirSync(dir);
  for (const c of dataComponents) if (env.fs.existsSync(a.path(c))) env.fs.renameSync(a.path(c), b.path(c));
  env.fs.renameSync(b.tmpPath(Component.TOC), b.path(Component.TOC));
  env.fs.fsyncDirSync(dir);
}
