/**
 * Reading `WITH name = value AND …` properties: each statement names the properties it knows;
 * any other is Cassandra's SyntaxException "Unknown property 'x'". Values come from the parser
 * as text or string maps; numbers and booleans are read as Cassandra's PropertyDefinitions does.
 */
import { CqlSyntaxError } from '../../errors/index.js';
import type { Property } from '../parser/index.js';

export class Properties {
  private readonly byName: Map<string, Property['value']>;

  constructor(properties: readonly Property[], known: readonly string[]) {
    this.byName = new Map(properties.map((p) => [p.name, p.value]));
    for (const p of properties) if (!known.includes(p.name)) throw new CqlSyntaxError(`Unknown property '${p.name}'`);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  string(name: string): string | undefined {
    const v = this.byName.get(name);
    if (v === undefined) return undefined;
    if (v.kind !== 'text') throw new CqlSyntaxError(`Invalid value for property '${name}'. It should be a string`);
    return v.text;
  }

  map(name: string): Record<string, string> | undefined {
    const v = this.byName.get(name);
    if (v === undefined) return undefined;
    if (v.kind !== 'map') throw new CqlSyntaxError(`Invalid value for property '${name}'. It should be a map.`);
    return Object.fromEntries(v.entries);
  }

  double(name: string): number | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    const n = Number(s);
    if (s.trim() === '' || !Number.isFinite(n)) throw new CqlSyntaxError(`Invalid double value ${s} for '${name}'`);
    return n;
  }

  int(name: string): number | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    if (!/^-?\d+$/.test(s.trim()) || Math.abs(Number(s)) > 0x7fffffff) throw new CqlSyntaxError(`Invalid integer value ${s} for '${name}'`);
    return Number(s);
  }

  boolean(name: string): boolean | undefined {
    const s = this.string(name);
    if (s === undefined) return undefined;
    const l = s.toLowerCase();
    if (l === 'true' || l === 'false') return l === 'true';
    throw new CqlSyntaxError(`Invalid boolean value ${s} for '${name}'`);
  }
}
