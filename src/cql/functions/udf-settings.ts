/**
 * cassandra.yaml's user-defined function settings as the CQL layer reads them (the config layer
 * maps both the 4.0 names and the 4.1 ones onto these): whether CREATE FUNCTION / AGGREGATE are
 * allowed at all (enable_user_defined_functions), whether non-Java languages are
 * (enable_scripted_user_defined_functions), and how long one call may run before the client is
 * warned (user_defined_function_warn_timeout) or the call fails (…_fail_timeout).
 */
export interface UdfSettings {
  readonly enabled: boolean;
  readonly scriptedEnabled: boolean;
  readonly warnTimeoutMs: number;
  readonly failTimeoutMs: number;
}

/** Cassandra 4.0's defaults: both switches off, warn after 500 ms, fail after 1500 ms. */
export const DEFAULT_UDF_SETTINGS: UdfSettings = Object.freeze({ enabled: false, scriptedEnabled: false, warnTimeoutMs: 500, failTimeoutMs: 1500 });
