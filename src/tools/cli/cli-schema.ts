/**
 * What the shell knows of the schema: keyspace definitions read with describe_keyspace (kept
 * until a schema change or `use` reads them again), and the session's own assumptions layered
 * over them — `assume CF comparator|sub_comparator|validator|keys as T`, and the validator a
 * column gets when `set` stores a function's value or `get … as T` reads one (cassandra-cli keeps
 * those for the session, never on the server). A `ColumnFamilyView` is the result: the types
 * every name, key and value of one column family is converted and printed with.
 */
import { type AbstractType, BYTES_TYPE, COUNTER_COLUMN_TYPE, UTF8_TYPE } from '../../marshal/index.js';
import type { CassandraService, CfDef, KsDef } from '../../thrift/service/cassandra-service.js';
import type { AssumeTarget } from './cli-ast.js';
import { CliError } from './cli-error.js';
import { typeOfClass } from './cli-types.js';

export interface ColumnFamilyView {
  readonly keyspace: string;
  readonly def: CfDef;
  readonly isSuper: boolean;
  readonly isCounter: boolean;
  readonly comparator: AbstractType;
  /** Sub-column names of a Super column family (BytesType when none was given). */
  readonly subcomparator: AbstractType;
  /** Row keys: assumed, else key_validation_class; BytesType keys are read and shown as UTF-8 text, as cassandra-cli 0.7 did. */
  readonly keyType: AbstractType;
  /** The validator of a column's value: its metadata (or a session assumption), else the default. */
  validatorFor(name: Buffer): AbstractType;
}

interface Assumptions {
  comparator?: AbstractType;
  subcomparator?: AbstractType;
  validator?: AbstractType;
  keys?: AbstractType;
  readonly columns: Map<string, AbstractType>;
}

export class CliSchema {
  private readonly keyspaces = new Map<string, KsDef>();
  private readonly assumptions = new Map<string, Assumptions>();

  constructor(private readonly service: () => CassandraService) {}

  /** Reads a keyspace's definition from the server (NotFoundException when there is none). */
  async load(keyspace: string): Promise<KsDef> {
    const def = await this.service().describeKeyspace(keyspace);
    this.keyspaces.set(keyspace, def);
    return def;
  }

  forget(keyspace: string): void {
    this.keyspaces.delete(keyspace);
  }

  clear(): void {
    this.keyspaces.clear();
    this.assumptions.clear();
  }

  async keyspace(keyspace: string): Promise<KsDef> {
    return this.keyspaces.get(keyspace) ?? this.load(keyspace);
  }

  /** A column family of the keyspace by name (exactly, else the one that matches ignoring case). */
  async columnFamily(keyspace: string, name: string): Promise<ColumnFamilyView> {
    const ks = await this.keyspace(keyspace);
    const def = ks.cfDefs.find((d) => d.name === name) ?? uniqueIgnoringCase(ks.cfDefs, name);
    if (def === undefined) throw new CliError(`No such column family: ${name}`);
    return this.view(keyspace, def);
  }

  assume(keyspace: string, cf: string, target: AssumeTarget, type: AbstractType): void {
    const a = this.assumptionsOf(keyspace, cf);
    if (target === 'comparator') a.comparator = type;
    else if (target === 'sub_comparator') a.subcomparator = type;
    else if (target === 'validator') a.validator = type;
    else a.keys = type;
  }

  /** Records the validator a column's values are shown with from now on (cassandra-cli's local metadata update). */
  assumeColumn(keyspace: string, cf: string, name: Buffer, type: AbstractType): void {
    this.assumptionsOf(keyspace, cf).columns.set(name.toString('hex'), type);
  }

  private assumptionsOf(keyspace: string, cf: string): Assumptions {
    const id = `${keyspace}\u0000${cf}`;
    let a = this.assumptions.get(id);
    if (a === undefined) {
      a = { columns: new Map() };
      this.assumptions.set(id, a);
    }
    return a;
  }

  private view(keyspace: string, def: CfDef): ColumnFamilyView {
    const a = this.assumptions.get(`${keyspace}\u0000${def.name}`);
    const defaultValidator = a?.validator ?? typeOfClass(def.defaultValidationClass);
    const metadata = new Map<string, AbstractType>();
    for (const c of def.columnMetadata ?? []) metadata.set(c.name.toString('hex'), typeOfClass(c.validationClass));
    for (const [name, type] of a?.columns ?? []) metadata.set(name, type);
    const keyType = a?.keys ?? typeOfClass(def.keyValidationClass);
    return {
      keyspace,
      def,
      isSuper: def.columnType === 'Super',
      isCounter: defaultValidator === COUNTER_COLUMN_TYPE,
      comparator: a?.comparator ?? typeOfClass(def.comparatorType),
      subcomparator: a?.subcomparator ?? typeOfClass(def.subcomparatorType),
      keyType: keyType === BYTES_TYPE && a?.keys === undefined ? UTF8_TYPE : keyType,
      validatorFor: (name) => metadata.get(name.toString('hex')) ?? defaultValidator,
    };
  }
}

function uniqueIgnoringCase(defs: readonly CfDef[], name: string): CfDef | undefined {
  const matches = defs.filter((d) => d.name.toLowerCase() === name.toLowerCase());
  return matches.length === 1 ? matches[0] : undefined;
}
