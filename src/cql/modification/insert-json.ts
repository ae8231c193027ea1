/**
 * INSERT JSON: the document (a string literal, or a text marker named `[json]`) becomes one value
 * per column, as if written in VALUES — keys folded to column names (json-object.ts), each value
 * decoded for its column's type; columns the document leaves out are null (DEFAULT NULL, the
 * default) or left alone (DEFAULT UNSET). A constant document is decoded once, at prepare time; a
 * bound one once per execution, shared by every column.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { UTF8_TYPE } from '../../marshal/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type BoundValue, UNSET } from '../execution/index.js';
import { fromJsonForColumn, parseJsonObject } from '../json/index.js';
import type { BindMarker, Literal } from '../parser/index.js';
import { type BoundTerm, type TermScope, bindTerm } from '../terms/index.js';

type Decoded = ReadonlyMap<string, Buffer | null>;

export class JsonDocument {
  private readonly cache = new WeakMap<readonly BoundValue[], Decoded>();
  private readonly constant: Decoded | null;
  private readonly term: BoundTerm;

  constructor(
    private readonly cf: ColumnFamilyDef,
    json: Literal | BindMarker,
    private readonly defaultUnset: boolean,
    scope: TermScope,
  ) {
    this.term = bindTerm(json, { keyspace: cf.keyspace, table: cf.name, name: '[json]', type: UTF8_TYPE }, scope);
    this.constant = this.term.constant ? this.decode(this.term.evaluate([])) : null;
  }

  /** The term giving column `name`'s value. */
  column(name: string): BoundTerm {
    const evaluate = (values: readonly BoundValue[]): BoundValue => {
      const doc = this.constant ?? this.decoded(values);
      return doc.has(name) ? doc.get(name)! : this.defaultUnset ? UNSET : null;
    };
    return { evaluate, constant: false };
  }

  private decoded(values: readonly BoundValue[]): Decoded {
    let d = this.cache.get(values);
    if (d === undefined) this.cache.set(values, (d = this.decode(this.term.evaluate(values))));
    return d;
  }

  private decode(text: BoundValue): Decoded {
    if (text === null || typeof text === 'symbol') throw new InvalidRequestError('Got null for INSERT JSON values');
    const object = parseJsonObject(text.toString('utf8'));
    const out = new Map<string, Buffer | null>();
    for (const [name, value] of object) {
      const column = this.cf.cql.columns.get(name);
      if (column === undefined) throw new InvalidRequestError(`JSON values map contains unrecognized column: ${name}`);
      out.set(name, fromJsonForColumn(name, column.type, value));
    }
    return out;
  }
}
