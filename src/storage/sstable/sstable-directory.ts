import { join } from 'node:path';
import type { Env } from '../../env/env.js';
import { Component, dataComponents, Descriptor, parseFileName, tmpSuffix } from './descriptor.js';

/**
 * The SSTables of one directory. A generation is complete when its TOC.txt exists; anything else
 * with our file-name pattern is a leftover of an interrupted write or delete.
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
 * Deletes temporary files and the components of incomplete generations; returns the file names
 * removed. Call at startup, before any writer runs in `dir`.
 */
export function removeIncomplete(env: Env, dir: string): string[] {
  if (!env.fs.existsSync(dir)) return [];
  const complete = new Set(listSSTables(env, dir));
  const removed: string[] = [];
  for (const name of env.fs.readdirSync(dir)) {
    const parsed = parseFileName(name);
    if (parsed === null) continue;
    if (parsed.temporary || !complete.has(parsed.generation)) {
      env.fs.unlinkSync(join(dir, name));
      removed.push(name);
    }
  }
  if (removed.length > 0) env.fs.fsyncDirSync(dir);
  return removed;
}

/**
 * Deletes every file of one generation, TOC first, so that a crash part-way leaves an incomplete
 * generation for `removeIncomplete` rather than a damaged complete one.
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
