# Protocol v5 with the DataStax Python driver (Debian's python3-cassandra, which checksums v5
# connections: segments with CRC24/CRC32, lz4 per segment) against a running Ilium node.
# Run by python-driver-v5.test.ts:  /usr/bin/python3 python_driver_v5.py HOST PORT
# Prints one "ok <section>" line per section passed; a failed check exits non-zero.
import sys

from cassandra import InvalidRequest
from cassandra.cluster import EXEC_PROFILE_DEFAULT, Cluster, ExecutionProfile
from cassandra.policies import RoundRobinPolicy
from cassandra.protocol import SyntaxException
from cassandra.query import BatchStatement, BatchType, SimpleStatement

HOST, PORT = sys.argv[1], int(sys.argv[2])


def cluster(**kw):
    profile = ExecutionProfile(load_balancing_policy=RoundRobinPolicy())
    return Cluster([HOST], port=PORT, execution_profiles={EXEC_PROFILE_DEFAULT: profile}, **kw)


def ok(name):
    print('ok', name, flush=True)


def connect():
    c = cluster()
    s = c.connect()
    assert c.protocol_version == 5, c.protocol_version
    conn = c.control_connection._connection
    assert conn._is_checksumming_enabled, 'v5 segments'
    row = s.execute("SELECT native_protocol_version FROM system.local").one()
    assert row.native_protocol_version == '5', row
    s.execute("CREATE KEYSPACE py5 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
    c.shutdown()
    lz = cluster(protocol_version=5, compression='lz4')
    lz.connect()
    conn = lz.control_connection._connection
    assert conn._is_checksumming_enabled and conn.compressor is not None, 'lz4 segments'
    lz.shutdown()
    ok('connect')


def statements():
    for compression in [False, 'lz4']:
        c = cluster(protocol_version=5, compression=compression)
        s = c.connect()  # no keyspace: the statements name it (v5's per-request keyspace)
        table = 't_%s' % (compression or 'plain')
        s.execute(SimpleStatement('CREATE TABLE %s (p int, c int, v text, PRIMARY KEY (p, c))' % table, keyspace='py5'))
        ins = s.prepare('INSERT INTO %s (p, c, v) VALUES (?, ?, ?)' % table, keyspace='py5')
        futures = [s.execute_async(ins, (i % 4, i, 'v%d' % i)) for i in range(4000)]
        for f in futures:
            f.result()
        seen = [r.c for r in s.execute(SimpleStatement('SELECT c FROM %s' % table, fetch_size=333, keyspace='py5'))]
        assert len(seen) == 4000 and len(set(seen)) == 4000, len(seen)
        sel = s.prepare('SELECT c, v FROM py5.%s WHERE p = ?' % table)
        sel.fetch_size = 250
        first = s.execute(sel, [1])
        page1 = list(first.current_rows)
        second = s.execute(sel, [1], paging_state=first.paging_state)
        page2 = list(second.current_rows)
        assert len(page1) == 250 and len(page2) == 250 and page1[-1].c < page2[0].c
        for kind in [BatchType.LOGGED, BatchType.UNLOGGED]:
            b = BatchStatement(batch_type=kind)
            for i in range(20):
                b.add(ins, (9, 10000 + i, 'b'))
            s.execute(b)
        assert len(list(s.execute('SELECT c FROM py5.%s WHERE p = 9' % table))) == 20
        # Values larger than a segment's payload (128 KiB - 1): envelopes split over segments, both ways.
        big = ''.join(chr(65 + (i * 7) % 26) for i in range(400000))
        s.execute(ins, (5, 5, big))
        assert s.execute('SELECT v FROM py5.%s WHERE p = 5 AND c = 5' % table).one().v == big
        c.shutdown()
    ok('statements')


def metadata_change():
    c5 = cluster(protocol_version=5)
    s5 = c5.connect('py5')
    c4 = cluster(protocol_version=4)
    s4 = c4.connect('py5')
    s5.execute('CREATE TABLE m (k int PRIMARY KEY, a int)')
    s5.execute('INSERT INTO m (k, a) VALUES (1, 10)')
    p5 = s5.prepare('SELECT * FROM m WHERE k = ?')
    p4 = s4.prepare('SELECT * FROM m WHERE k = ?')
    held = p5.result_metadata_id
    assert held is not None and len(p5.result_metadata) == 2
    assert s5.execute(p5, [1]).one() == (1, 10)
    s5.execute('ALTER TABLE m ADD b text')
    s5.execute("UPDATE m SET b = 'new' WHERE k = 1")
    # v5: the rows come with Metadata_changed and the full new metadata, though the driver asked
    # to skip it (it holds metadata): it decodes the new column.
    r = s5.execute(p5, [1]).one()
    assert (r.k, r.a, r.b) == (1, 10, 'new'), r
    # v4 has no such flag: UNPREPARED, the driver prepares again and learns the new column.
    r = s4.execute(p4, [1]).one()
    assert (r.k, r.a, r.b) == (1, 10, 'new'), r
    r = s5.execute(p5, [1]).one()
    assert r.b == 'new', r
    c5.shutdown()
    c4.shutdown()
    ok('metadata-change')


def errors():
    c = cluster(protocol_version=5, compression='lz4')
    s = c.connect('py5')
    for cql, err in [('SELEC 1', SyntaxException), ('SELECT * FROM nope', InvalidRequest)]:
        try:
            s.execute(cql)
            raise AssertionError('no error for ' + cql)
        except err:
            pass
    assert s.execute('SELECT k FROM m WHERE k = 1').one().k == 1, 'the connection goes on'
    c.shutdown()
    ok('errors')


connect()
statements()
metadata_change()
errors()
