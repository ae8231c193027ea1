/**
 * How gocql's server tests must be run to mean what they mean in gocql's own CI, where they run
 * in one process, in file order, against Cassandra started with
 * `-Dcassandra.test.fail_writes_ks=test
 *  -Dcassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler`,
 * `enable_user_defined_functions: true`, `enable_materialized_views: true`, and (for the auth
 * test only) a second cluster with PasswordAuthenticator and `-runauth`.
 *
 * We run one test per process, so the few tests that lean on an earlier test are run after it,
 * in the same process (the earlier test's own result comes from its own run).
 */

/** The -D flags gocql's CI gives Cassandra (see its Makefile's JVM_EXTRA_OPTS). */
export const GOCQL_NODE_PROPERTIES: readonly string[] = [
  '-Dcassandra.test.fail_writes_ks=test',
  '-Dcassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler',
];

/** cassandra.yaml lines gocql's CI sets (besides the address). */
export const GOCQL_NODE_YAML = 'enable_user_defined_functions: true\nenable_materialized_views: true\n';

/** The node TestAuthentication needs: PasswordAuthenticator (user cassandra, password cassandra). */
export const GOCQL_AUTH_NODE_YAML = 'authenticator: PasswordAuthenticator\n';

/** Tests that run only against the authenticating node, with `-runauth`. */
export const AUTH_TESTS: ReadonlySet<string> = new Set(['TestAuthentication']);

/**
 * Test → the tests it silently depends on, and why. Each prerequisite comes earlier in gocql's
 * file order, so `-test.run=^(Pre|Test)$` runs them as gocql's CI does.
 */
export const RUNS_AFTER: Readonly<Record<string, { readonly after: readonly string[]; readonly why: string }>> = {
  TestUDT_MissingField: { after: ['TestUDT_NullObject'], why: 'its table uses type udt_null_type, made by TestUDT_NullObject' },
  TestUDT_ScanNullUDT: { after: ['TestUDT_Marshaler'], why: 'its table uses type position, made by TestUDT_Marshaler' },
  TestTokenAwareConnPool: {
    after: ['TestUseStatementError'],
    why: "as the process's first test it makes gocql_test with a copy of its config, sharing the token-aware policy, and gocql panics on the second Init",
  },
  TestSessionBindRoutingKey: {
    after: ['TestUseStatementError'],
    why: "as the process's first test it makes gocql_test with a copy of its config, sharing the token-aware policy, and gocql panics on the second Init",
  },
};
