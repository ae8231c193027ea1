/**
 * Seed 004's "Sorting": the names 123, 832416, 3, 976 stored under CompareWith="LongType" and
 * CompareWith="UTF8Type" come back in two different orders; and super columns with
 * CompareWith and CompareSubcolumnsWith both UTF8Type sort both levels by name.
 */
import type { Ilium, Row, SuperRow } from '../../src/index.js';
import { type ExampleRun, isMain, runExample } from '../run-example.js';

export const SORTING_SCHEMA = `<Keyspace Name="Sorting">
<ColumnFamily CompareWith="LongType" Name="LongSorted" />
<ColumnFamily CompareWith="UTF8Type" Name="Utf8Sorted" />
<ColumnFamily CompareWith="UTF8Type" CompareSubcolumnsWith="UTF8Type" ColumnType="Super" Name="Addresses" />
</Keyspace>`;

/** The seed's columns, in the order it lists them before sorting. */
const COLUMNS: readonly (readonly [number, string])[] = [[123, 'hello there'], [832416, 'kjjkbcjkcbbd'], [3, '101010101010'], [976, 'kjjkbcjkcbbd']];
const ADDRESS = { street: '1234 x street', city: 'san francisco', zip: '94107' };

export interface SortingResult extends ExampleRun {
  readonly longOrder: string[];
  readonly utf8Order: string[];
  readonly superOrder: string[];
}

export async function run(db: Ilium): Promise<SortingResult> {
  await db.loadSchema(SORTING_SCHEMA);
  const ks = db.keyspace('Sorting');
  for (const cf of ['LongSorted', 'Utf8Sorted']) await ks.insert(cf, 'row', new Map(COLUMNS));
  const show = (row: Row) => [...row].map(([name, value]) => `{name: ${String(name)}, value: ${JSON.stringify(value)}}`);
  const longOrder = show(await ks.get<Row>('LongSorted', 'row'));
  const utf8Order = show(await ks.get<Row>('Utf8Sorted', 'row'));
  await ks.insert('Addresses', 'row', { workAddress: ADDRESS, homeAddress: ADDRESS });
  const supers = await ks.get<SuperRow>('Addresses', 'row');
  const superOrder = [...supers].map(([name, cols]) => `${String(name)}: ${[...cols.keys()].join(', ')}`);
  const lines = ['LongType:', ...longOrder, 'UTF8Type:', ...utf8Order, 'UTF8Type super columns and sub-columns:', ...superOrder];
  return { longOrder, utf8Order, superOrder, lines };
}

if (isMain(import.meta.url)) await runExample('sorting', run);
