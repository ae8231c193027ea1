/**
 * A column dropped from a CQL table (ALTER TABLE … DROP): its name, type, kind and when it was
 * dropped (microseconds, the drop's write timestamp). Cells of that name written at or before the
 * drop time are ignored from then on, also after the column is added again, so dropped data never
 * comes back. Shown by system_schema.dropped_columns.
 */
import type { AbstractType } from '../marshal/index.js';

export interface DroppedColumn {
  readonly name: string;
  readonly type: AbstractType;
  readonly kind: 'regular' | 'static';
  readonly droppedTime: bigint;
}
