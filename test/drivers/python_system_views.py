# system_views' Cassandra 4.0 tables read by python3-cassandra: every table answers SELECT *, the
# per-table metric tables count the script's own reads and writes, system_properties names the
# -D property the node was started with.
from py_session import connect_from_argv, ok

TABLES = [
    'local_read_latency', 'local_scan_latency', 'local_write_latency', 'coordinator_read_latency',
    'coordinator_scan_latency', 'coordinator_write_latency', 'rows_per_read', 'tombstones_per_read',
    'disk_usage', 'max_partition_size', 'sstable_tasks', 'internode_inbound', 'internode_outbound', 'system_properties',
]

cluster, session = connect_from_argv()
session.execute("CREATE KEYSPACE py WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
session.execute('CREATE TABLE py.t (k int PRIMARY KEY, v text)')
insert = session.prepare('INSERT INTO py.t (k, v) VALUES (?, ?)')
select = session.prepare('SELECT v FROM py.t WHERE k = ?')
for k in range(20):
    session.execute(insert, (k, 'v%d' % k))
for k in range(20):
    assert session.execute(select, (k,)).one().v == 'v%d' % k
for name in TABLES:
    list(session.execute('SELECT * FROM system_views.%s' % name))
ok('select')

row = session.execute("SELECT * FROM system_views.coordinator_write_latency WHERE keyspace_name = 'py' AND table_name = 't'").one()
assert row.count == 20, row
read = session.execute("SELECT count, max_ms FROM system_views.local_read_latency WHERE keyspace_name = 'py' AND table_name = 't'").one()
assert read.count == 20 and read.max_ms > 0, read
rows = session.execute("SELECT * FROM system_views.rows_per_read WHERE keyspace_name = 'py' AND table_name = 't'").one()
assert rows.count == 20, rows
ok('metrics')

props = {r.name: r.value for r in session.execute('SELECT * FROM system_views.system_properties')}
assert props['cassandra.superuser_setup_delay_ms'] == '4321', props
ok('properties')
cluster.shutdown()
