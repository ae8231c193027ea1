/**
 * CounterColumnType (CQL counter): a counter's value as Cassandra shows it, an 8-byte signed long.
 * Same bytes, order and text as LongType; only the names differ.
 */
import { LongType } from './long-type.js';

export class CounterColumnType extends LongType {
  override readonly name: string = 'CounterColumnType';
  override readonly cqlName: string | null = 'counter';
  protected override readonly what: string = 'a counter';
}

export const COUNTER_COLUMN_TYPE = new CounterColumnType();
