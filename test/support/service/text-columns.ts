/**
 * A simulated cluster's table `t`, a Standard column family whose columns are named by text:
 * a column's cell name, a cell name's column, and a partition as column → value text. The
 * coordinator's SimCluster and the simulation's SimRing both extend it.
 */
import type { ColumnFamilyDef } from '../../../src/schema/index.js';
import { cellName } from '../../../src/storage/model/index.js';
import type { PartitionResult } from '../../../src/storage/read/partition-reader.js';
import { ByteReader } from '../../../src/util/byte-reader.js';

export abstract class TextColumnsTable {
  abstract readonly cf: ColumnFamilyDef;

  name(column: string): Buffer {
    return cellName([this.cf.comparator.toComparable(Buffer.from(column))]);
  }

  columns(r: PartitionResult | null): Map<string, string> {
    const out = new Map<string, string>();
    for (const c of r?.cells ?? []) out.set(this.columnName(c.name), c.value.toString());
    return out;
  }

  columnName(name: Buffer): string {
    return this.cf.comparator.fromComparable(new ByteReader(name, 1)).toString();
  }
}
