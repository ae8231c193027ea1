/**
 * The shell's session settings, changed by its commands: consistency levels, paging, expanded
 * output, tracing. cqlsh's defaults: ONE, SERIAL, paging on with 100 rows a page.
 */
import cassandra from 'cassandra-driver';

export const DEFAULT_PAGE_SIZE = 100;
/** Rows fetched per request when paging is off (all pages are read and printed as one). */
export const UNPAGED_FETCH_SIZE = 5000;

export class ShellSettings {
  consistency = 'ONE';
  serialConsistency = 'SERIAL';
  paging = true;
  pageSize = DEFAULT_PAGE_SIZE;
  expand = false;
  tracing = false;

  /** The driver's consistency code for a level name such as LOCAL_QUORUM. */
  static code(level: string): number {
    const key = level.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof typeof cassandra.types.consistencies;
    const code = cassandra.types.consistencies[key];
    if (code === undefined) throw new Error(`Unknown consistency level ${level}`);
    return code;
  }

  queryOptions(): cassandra.QueryOptions {
    return {
      prepare: false,
      consistency: ShellSettings.code(this.consistency),
      serialConsistency: ShellSettings.code(this.serialConsistency),
      fetchSize: this.paging ? this.pageSize : UNPAGED_FETCH_SIZE,
      traceQuery: this.tracing,
    };
  }
}
