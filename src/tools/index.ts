/**
 * The `ilium` command: `start` (`--config` cassandra.yaml, `--data`, `--port`; locks the data
 * directory, runs an `IliumNode`, prints one ready line with the CQL address, JSON logs on stderr,
 * SIGINT/SIGTERM stop cleanly), `schema load` (a schema file into a stopped node's directory,
 * through the API's `open`, which takes its lock), `sstable dump`, `cqlsh`, `cli`
 *
 * `cluster/`: `ilium cluster start -n N | stop | status` (`run-cluster.ts`), as ccm:
 * - `local-cluster.ts` runs N detached `ilium start` processes on consecutive loopback addresses
 *   (`--base-address`, 127.0.0.1) with Cassandra's default ports, the first node as seed, each with
 *   its own `cassandra.yaml`, data, `node.log` and `pid` under `--dir` (./cluster); start waits for
 *   each ready line, stop is SIGTERM (a clean flush) then waits; the nodes form a ring through
 *   gossip (`cluster-ring.test.ts`: three processes, nodetool status, driver hosts, schema
 *   agreement); `--fault-injection` writes `enable_fault_injection: true` into new nodes' configs;
 *   `--data-center NAME` writes `data_center: NAME`. Real-process tests (addresses 127.0.0.150–158;
 *   `test/support/test-cluster.ts` starts, waits for UN everywhere, pins clients):
 * - `cluster-partition.test.ts` (nodetool faults cuts node 3 off at RF=3; QUORUM writes through the
 *   majority all acknowledged, the minority refuses QUORUM; after the heal every acknowledged write
 *   reads back at QUORUM through every node and at ALL after repair),
 * - `cluster-drivers.test.ts` (python3-cassandra and the npm driver: all hosts,
 *   `get_replicas`/`getReplicas` equal to `nodetool getendpoints` at RF=2, token-aware routing
 *   picks a replica as coordinator),
 * - `cluster-thrift-ring.test.ts` (describe_ring over Thrift: 48 contiguous ranges, owner first,
 *   same answer from every node)
 *
 * `nodetool/`: `ilium nodetool [-h host] [-p port] <command>`:
 * - `run-nodetool.ts` (arguments, exit codes 0 done / 1 refused / 2 usage / 3 unreachable;
 *   decommission, removenode <host-id>, cleanup [ks]),
 * - `admin-client.ts` (one request, one answer line, a timeout),
 * - `nodetool-output.ts` (status, info, ring, describecluster, gossipinfo, tablestats as
 *   Cassandra's nodetool prints them; sizes in KiB/MiB)
 *
 * `cli/`: `ilium cli`, the cassandra-cli 0.7 language over any `CassandraService` (the Thrift wire
 * client `connectThrift`; tests give an in-process service):
 * - `cli-lexer.ts` (words, numbers, `'…'` with backslash escapes, `--` and C-style block comments,
 *   line:column),
 * - `statement-splitter.ts` (`;` outside strings and comments; the REPL's `CliInputBuffer`),
 * - `cli-parser.ts` over `cli-cursor.ts` (`CliSyntaxError` with `line L:C`) into `cli-ast.ts`;
 * - `cli-session.ts` (connection, keyspace, user, consistency level; `run` never throws for a bad
 *   statement) with `data-statements.ts` (set/get/get … where/del/count/incr/list/truncate →
 *   insert/get/get_slice/get_indexed_slices/remove/get_count/add/get_range_slices/truncate) and
 *   `schema-statements.ts` (create/update/drop → system_* calls, the version and agreement lines;
 *   attributes → KsDef/CfDef in `schema-defs.ts`);
 * - `cli-schema.ts` (describe_keyspace cache plus the session's `assume` and function-set
 *   validators → `ColumnFamilyView`),
 * - `cli-types.ts` (utf8()/long()/timeuuid()… and type names; literals by comparator/validator),
 *   output as cassandra-cli prints it (`cli-format.ts`, `describe-output.ts`, `cli-error.ts`),
 * - `cli-help.ts`,
 * - `cli-args.ts`,
 * - `cli-repl.ts` (readline, history in ~/.ilium_cli_history via `tools/cqlsh/history.ts`),
 * - `run-cli.ts` (-f/--batch scripts stop at the first error, exit 2). `examples/cli/*.txt` build
 *   the seeds' schemas and data; their `.expected` output is checked by a test
 *
 * `cqlsh/`: `ilium cqlsh`, a cqlsh-class shell over the npm `cassandra-driver`
 * (`cqlsh-connection.ts`: one pinned host, no retries, Map/Set/bigint decoding):
 * - `statement-splitter.ts` (input → statements: `;` outside quotes/`$$`/comments; shell commands
 *   end at the line end),
 * - `shell-command.ts` + `copy-command.ts` + `copy-options.ts` (what a statement asks),
 * - `cqlsh-shell.ts` (runs one statement; settings in `shell-settings.ts`; SOURCE; SHOW; HELP in
 *   `help-text.ts`),
 * - `run-query.ts` (execute, paging with `---MORE---`, warnings, tracing), printing as cqlsh prints
 *   (`value-formatter.ts` by `cql-type.ts`, `float-format.ts` `%g`, `table-renderer.ts` with
 *   `display-width.ts`, `describe-output.ts`, `error-format.ts` `code=2200 [Invalid query]` lines),
 *   COPY (`copy-to.ts`, `copy-from.ts` batched concurrent prepared inserts, `csv-io.ts` over
 *   csv-parse, `csv-value-parser.ts` + `cql-literal-reader.ts`, `copy-progress.ts`),
 * - `completion.ts` from `schema-cache.ts` (system_schema),
 * - `repl.ts` (readline, `history.ts`),
 * - `cqlsh-args.ts`,
 * - `run-cqlsh.ts` (entry, exit codes)
 *
 * `stress/`: `ilium stress`, a cassandra-stress-like load generator over CQL (npm
 * `cassandra-driver`, so it drives a real Cassandra too):
 * - `stress-args.ts` + `option-values.ts` (options, typed errors naming the option),
 * - `stress-schema.ts` (keyspace and table IF NOT EXISTS),
 * - `cql-target.ts` (prepared INSERT/SELECT),
 * - `key-distribution.ts` + `zipf-sampler.ts` (uniform, gaussian, zipf over the key population,
 *   seeded),
 * - `op-generator.ts` + `op-mix.ts` (write/read/mixed by ratio),
 * - `start-schedule.ts` (the target rate as scheduled start times, so latency counts from when an
 *   operation should have started: no coordinated omission),
 * - `stress-runner.ts` (warm-up, measured window, concurrency),
 * - `stress-recorder.ts` + `latency-summary.ts` (HDR histograms of µs per operation kind),
 * - `progress-line.ts`,
 * - `stress-summary.ts` + `summary-table.ts` (the final table and the `--json` object),
 * - `run-stress.ts` (the command)
 */
export {};
