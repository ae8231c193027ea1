# The DataStax Python driver (Debian's python3-cassandra) against a running Ilium node:
# connect (v5 by default, v4 and v3, lz4 and snappy), schema metadata, prepared statements,
# every type, batches, counters, LWT, paging, errors. Run by python-driver.test.ts:
#   /usr/bin/python3 python_driver_matrix.py HOST PORT
# Prints one "ok <section>" line per section that passed; an assertion error exits non-zero.
import datetime
import decimal
import sys
import uuid

from cassandra import AlreadyExists, ConsistencyLevel, InvalidRequest
from cassandra.cluster import EXEC_PROFILE_DEFAULT, Cluster, ExecutionProfile
from cassandra.policies import RoundRobinPolicy
from cassandra.protocol import ConfigurationException, SyntaxException
from cassandra.query import BatchStatement, BatchType, SimpleStatement
from cassandra.util import Date, Duration, SortedSet, Time, uuid_from_time

HOST, PORT = sys.argv[1], int(sys.argv[2])


def cluster(**kw):
    profile = ExecutionProfile(load_balancing_policy=RoundRobinPolicy())
    return Cluster([HOST], port=PORT, execution_profiles={EXEC_PROFILE_DEFAULT: profile}, **kw)


class Addr(object):
    # The class the driver maps the addr user type to (register_user_type).
    def __init__(self, street=None, zip=None, tags=None):
        self.street, self.zip, self.tags = street, zip, tags

    def __eq__(self, other):
        return (self.street, self.zip, self.tags) == (other.street, other.zip, other.tags)

    def __repr__(self):
        return 'Addr(%r, %r, %r)' % (self.street, self.zip, self.tags)


def ok(name):
    print('ok', name, flush=True)


def connect_and_metadata():
    c = cluster()
    s = c.connect()
    assert c.protocol_version == 5, c.protocol_version  # Cassandra 4.0's default, the driver's first try
    s.execute("CREATE KEYSPACE py WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
    s.set_keyspace('py')
    s.execute('CREATE TYPE addr (street text, zip int, tags frozen<set<text>>)')
    s.execute('CREATE TABLE users (id uuid, day date, at timeuuid, name text, home frozen<addr>, '
              'PRIMARY KEY ((id, day), at)) WITH CLUSTERING ORDER BY (at DESC) AND comment = \'u\'')
    s.execute('CREATE INDEX users_name ON users (name)')
    md = c.metadata
    assert 'py' in md.keyspaces and 'system_schema' in md.keyspaces, sorted(md.keyspaces)
    ks = md.keyspaces['py']
    assert ks.replication_strategy.replication_factor == 1
    t = ks.tables['users']
    assert [col.name for col in t.partition_key] == ['id', 'day']
    assert [col.name for col in t.clustering_key] == ['at']
    assert t.columns['at'].is_reversed
    assert t.columns['home'].cql_type == 'frozen<addr>', t.columns['home'].cql_type
    assert t.options['comment'] == 'u'
    assert list(t.indexes) == ['users_name'], list(t.indexes)
    assert list(ks.user_types['addr'].field_names) == ['street', 'zip', 'tags']
    ddl = t.export_as_string()
    assert 'CREATE TABLE py.users' in ddl and 'CLUSTERING ORDER BY (at DESC)' in ddl, ddl
    assert 'CREATE INDEX users_name ON py.users (name);' in ddl, ddl
    # Schema events keep the metadata current.
    s.execute('ALTER TABLE users ADD email text')
    assert 'email' in c.metadata.keyspaces['py'].tables['users'].columns
    assert c.metadata.token_map is not None and len(c.metadata.token_map.ring) >= 1
    assert [str(h.endpoint) for h in c.metadata.get_replicas('py', b'\x00\x00\x00\x01')] == ['%s:%d' % (HOST, PORT)]
    host = c.metadata.all_hosts()[0]
    assert host.datacenter == 'datacenter1' and host.rack == 'rack1', (host.datacenter, host.rack)
    assert str(host.release_version).startswith('4.'), host.release_version
    c.shutdown()
    ok('connect-metadata')


def types_round_trip():
    c = cluster()
    s = c.connect('py')
    s.execute('CREATE TABLE types (k int PRIMARY KEY, a ascii, b bigint, bl blob, bo boolean, d date, de decimal, '
              'db double, du duration, f float, i inet, sm smallint, tx text, tm time, ts timestamp, tu timeuuid, '
              'ti tinyint, u uuid, vc varchar, vi varint, l list<int>, st set<text>, m map<text, int>, '
              'fl frozen<list<int>>, tp tuple<int, text>, ud frozen<addr>, nested map<text, frozen<list<frozen<set<int>>>>>)')
    values = {
        'k': 1, 'a': 'ascii', 'b': -2 ** 63, 'bl': b'\x00\x01\xff', 'bo': True, 'd': Date(datetime.date(2020, 2, 29)),
        'de': decimal.Decimal('-1.25E-9'), 'db': 2.5e300, 'du': Duration(1, 2, 3), 'f': 1.5, 'i': '2001:db8::1',
        'sm': -32768, 'tx': 'tëxt ☃', 'tm': Time(86399999999999), 'ts': datetime.datetime(2021, 1, 1, 0, 0, 0, 123000),
        'tu': uuid_from_time(1600000000), 'ti': -128, 'u': uuid.uuid4(), 'vc': 'varchar', 'vi': 2 ** 100,
        'l': [3, 1, 3], 'st': {'b', 'a'}, 'm': {'x': 1}, 'fl': [1], 'tp': (1, None),
        'ud': Addr('s', 1, SortedSet(['t'])), 'nested': {'n': [{2, 1}]},
    }
    cols = list(values)
    c.register_user_type('py', 'addr', Addr)
    ins = s.prepare('INSERT INTO types (%s) VALUES (%s)' % (', '.join(cols), ', '.join('?' * len(cols))))
    s.execute(ins, [values[k] for k in cols])
    row = s.execute('SELECT * FROM types WHERE k = 1').one()
    got = row._asdict()
    expect = dict(values, st=SortedSet(['a', 'b']))
    for k in cols:
        if k in ('m', 'nested'):
            continue
        want = expect[k]
        assert got[k] == want, (k, got[k], want)
    assert dict(got['m']) == {'x': 1}
    assert [sorted(x) for x in got['nested']['n']] == [[1, 2]]
    # Simple statements with %s parameters, and nulls.
    s.execute('INSERT INTO types (k, tx, l) VALUES (%s, %s, %s)', (2, 'simple', [7]))
    r = s.execute('SELECT tx, l, b FROM types WHERE k = %s', (2,)).one()
    assert (r.tx, r.l, r.b) == ('simple', [7], None), r
    c.shutdown()
    ok('types')


def statements_and_paging():
    for version, compression in [(3, False), (4, 'lz4'), (4, 'snappy')]:
        c = cluster(protocol_version=version, compression=compression)
        s = c.connect('py')
        assert c.protocol_version == version
        table = 'big%d%s' % (version, compression or '')
        s.execute('CREATE TABLE %s (p int, c int, v text, PRIMARY KEY (p, c))' % table)
        ins = s.prepare('INSERT INTO %s (p, c, v) VALUES (?, ?, ?)' % table)
        futures = [s.execute_async(ins, (i % 5, i, 'v%d' % i)) for i in range(10000)]
        for f in futures:
            f.result()
        seen = [r.c for r in s.execute(SimpleStatement('SELECT c FROM %s' % table, fetch_size=777))]
        assert len(seen) == 10000 and len(set(seen)) == 10000, len(seen)
        # Manual paging with the paging state, prepared.
        sel = s.prepare('SELECT c FROM %s WHERE p = ?' % table)
        sel.fetch_size = 300
        first = s.execute(sel, [2])
        page1 = list(first.current_rows)
        second = s.execute(sel, [2], paging_state=first.paging_state)
        page2 = list(second.current_rows)
        assert len(page1) == 300 and len(page2) == 300 and page1[-1].c < page2[0].c
        # Batches: logged, unlogged, counter.
        b = BatchStatement(batch_type=BatchType.UNLOGGED, consistency_level=ConsistencyLevel.QUORUM)
        for i in range(3):
            b.add(ins, (100, i, 'b'))
        b.add(SimpleStatement('DELETE FROM ' + table + ' WHERE p = %s AND c = %s'), (100, 0))
        s.execute(b)
        assert [r.c for r in s.execute('SELECT c FROM %s WHERE p = 100' % table)] == [1, 2]
        c.shutdown()
    ok('statements-paging')


def counters_lwt_errors():
    c = cluster()
    s = c.connect('py')
    s.execute('CREATE TABLE cnt (k text PRIMARY KEY, n counter)')
    cb = BatchStatement(batch_type=BatchType.COUNTER)
    cb.add(SimpleStatement("UPDATE cnt SET n = n + 3 WHERE k = 'a'"))
    cb.add(SimpleStatement("UPDATE cnt SET n = n - 1 WHERE k = 'a'"))
    s.execute(cb)
    assert s.execute("SELECT n FROM cnt WHERE k = 'a'").one().n == 2
    s.execute('CREATE TABLE lwt (k int PRIMARY KEY, v text)')
    r = s.execute("INSERT INTO lwt (k, v) VALUES (1, 'a') IF NOT EXISTS")
    assert r.was_applied
    r = s.execute("INSERT INTO lwt (k, v) VALUES (1, 'b') IF NOT EXISTS")
    assert not r.was_applied and r.one().v == 'a', r.one()
    upd = s.prepare('UPDATE lwt SET v = ? WHERE k = ? IF v = ?')
    assert s.execute(upd, ('c', 1, 'a')).was_applied
    for cql, err in [('SELEC 1', SyntaxException), ('SELECT * FROM nope', InvalidRequest),
                     ("CREATE KEYSPACE bad WITH replication = {'class': 'NoSuchStrategy'}", ConfigurationException)]:
        try:
            s.execute(cql)
            raise AssertionError('no error for ' + cql)
        except err:
            pass
    try:
        s.execute('CREATE TABLE lwt (k int PRIMARY KEY)')
        raise AssertionError('no AlreadyExists')
    except AlreadyExists as e:
        assert (e.keyspace, e.table) == ('py', 'lwt'), (e.keyspace, e.table)
    c.shutdown()
    ok('counters-lwt-errors')


connect_and_metadata()
types_round_trip()
statements_and_paging()
counters_lwt_errors()
