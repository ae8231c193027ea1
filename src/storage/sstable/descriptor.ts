import { join } from 'node:path';
import { generationMax } from './limits.js';

/**
 * Names one SSTable: a directory and a generation number. Its components are files named
 *
 *   ila-<generation>-<Component>            e.g. ila-42-Data.db, ila-42-TOC.txt
 *   ila-<generation>-<Component>.tmp        while the writer is still writing them
 *
 * with <generation> in decimal without leading zeros. A generation is complete exactly when its
 * TOC.txt exists (the writer renames it into place last). File names are on-disk constants.
 */
export const Component = {
  DATA: 'Data.db',
  INDEX: 'Index.db',
  COMPRESSION_INFO: 'CompressionInfo.db',
  SUMMARY: 'Summary.db',
  FILTER: 'Filter.db',
  STATISTICS: 'Statistics.db',
  TOC: 'TOC.txt',
} as const;
export type Component = (typeof Component)[keyof typeof Component];

/** Every component but the TOC, in the order the TOC lists them. */
export const dataComponents: readonly Component[] = [
  Component.DATA,
  Component.INDEX,
  Component.COMPRESSION_INFO,
  Component.SUMMARY,
  Component.FILTER,
  Component.STATISTICS,
];

export const filePrefix = 'ila';
export const tmpSuffix = '.tmp';

const fileNamePattern = /^ila-([1-9][0-9]*)-([A-Za-z]+\.(?:db|txt))(\.tmp)?$/;

export function checkGeneration(generation: number): void {
  if (!Number.isSafeInteger(generation) || generation < 1 || generation > generationMax) {
    throw new RangeError(`generation must be a positive safe integer: ${generation}`);
  }
}

export class Descriptor {
  constructor(
    readonly dir: string,
    readonly generation: number,
  ) {
    checkGeneration(generation);
  }

  fileName(component: Component): string {
    return `${filePrefix}-${this.generation}-${component}`;
  }

  path(component: Component): string {
    return join(this.dir, this.fileName(component));
  }

  tmpPath(component: Component): string {
    return this.path(component) + tmpSuffix;
  }

  /** Final paths of every component, TOC last. */
  allPaths(): string[] {
    return [...dataComponents.map((c) => this.path(c)), this.path(Component.TOC)];
  }
}

export interface ParsedFileName {
  readonly generation: number;
  readonly component: string;
  readonly temporary: boolean;
}

/** Parses a component file name; null if it is not one of ours. */
export function parseFileName(name: string): ParsedFileName | null {
  const m = fileNamePattern.exec(name);
  if (m === null) return null;
  const generation = Number(m[1]);
  if (!Number.isSafeInteger(generation)) return null;
  return { generation, component: m[2]!, temporary: m[3] !== undefined };
}
