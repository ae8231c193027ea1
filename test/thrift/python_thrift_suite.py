# The Python 3 client that Debian's thrift-compiler generates from interface/cassandra.thrift
# (python3-thrift runtime, TFramedTransport + TBinaryProtocol) against a running Ilium node:
# every call of the service with its results checked, and the exceptions 0.7 clients rely on.
# Run by python-thrift.test.ts:
#   /usr/bin/python3 python_thrift_suite.py GEN_PY_DIR HOST PORT CLUSTER_NAME
# Prints one "ok <section>" line per section that passed; a failed check exits non-zero.
import sys
import time

sys.path.insert(0, sys.argv[1])  # the generated `cassandra` package, ahead of python3-cassandra

from thrift.protocol import TBinaryProtocol  # noqa: E402
from thrift.transport import TSocket, TTransport  # noqa: E402

from cassandra import Cassandra  # noqa: E402
from cassandra.constants import VERSION  # noqa: E402
from cassandra.ttypes import (  # noqa: E402
    AuthenticationRequest, CfDef, Column, ColumnDef, ColumnOrSuperColumn, ColumnParent, ColumnPath,
    ConsistencyLevel, CounterColumn, Deletion, IndexClause, IndexExpression, IndexOperator, IndexType,
    InvalidRequestException, KeyRange, KsDef, Mutation, NotFoundException, SlicePredicate, SliceRange,
    SuperColumn,
)

HOST, PORT, CLUSTER = sys.argv[2], int(sys.argv[3]), sys.argv[4]
ONE = ConsistencyLevel.ONE
KS = 'PyKs'
SIMPLE = 'org.apache.cassandra.locator.SimpleStrategy'


def connect(keyspace=None):
    sock = TSocket.TSocket(HOST, PORT)
    sock.setTimeout(20000)
    transport = TTransport.TFramedTransport(sock)
    client = Cassandra.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    client.transport = transport
    if keyspace is not None:
        client.set_keyspace(keyspace)
    return client


def ok(name):
    print('ok', name, flush=True)


def raises(exc, fn, *args, why=None):
    """Calls fn(*args), which must raise `exc`; `why` (a list of substrings) must all appear in its why."""
    try:
        fn(*args)
    except exc as e:
        if why is not None:
            text = getattr(e, 'why', None) or getattr(e, 'message', None) or ''
            for part in why:
                assert part.lower() in text.lower(), 'expected %r in the why of %s, got %r' % (part, exc.__name__, text)
        return e
    raise AssertionError('%s(%r) did not raise %s' % (getattr(fn, '__name__', fn), args, exc.__name__))


def now():
    return int(time.time() * 1e6)


def col(name, value, ts=None, ttl=None):
    return Column(name=name, value=value, timestamp=now() if ts is None else ts, ttl=ttl)


def names(cosc_list):
    return [c.column.name for c in cosc_list]


def long8(n):
    return n.to_bytes(8, 'big', signed=True)


def all_range(count=100):
    return SlicePredicate(slice_range=SliceRange(start=b'', finish=b'', reversed=False, count=count))


def key_range(count=100, start=b''):
    return KeyRange(start_key=start, end_key=b'', count=count)


def row_count(c, cf, key):
    return c.get_count(key, ColumnParent(column_family=cf), all_range(), ONE)


# --- connection and cluster description -------------------------------------------------------

def connection_and_description():
    c = connect()
    c.login(AuthenticationRequest(credentials={'username': 'anyone', 'password': 'anything'}))
    assert c.describe_version() == VERSION == '19.4.0', c.describe_version()
    assert c.describe_cluster_name() == CLUSTER, c.describe_cluster_name()
    partitioner = c.describe_partitioner()
    assert partitioner.startswith('org.apache.cassandra.dht.') and partitioner.endswith('Partitioner'), partitioner
    snitch = c.describe_snitch()
    assert snitch.startswith('org.apache.cassandra.locator.') and 'Snitch' in snitch, snitch
    versions = c.describe_schema_versions()
    assert len(versions) == 1, versions
    assert list(versions.values())[0] == [HOST], versions
    # No keyspace yet: calls that need one say so; unknown keyspaces are named.
    raises(InvalidRequestException, c.get, b'k', ColumnPath(column_family='Standard1', column=b'a'), ONE, why=['keyspace'])
    raises(InvalidRequestException, c.insert, b'k', ColumnParent(column_family='Standard1'), col(b'a', b'v'), ONE, why=['keyspace'])
    raises(InvalidRequestException, c.set_keyspace, 'NoSuchKs', why=['NoSuchKs'])
    raises(NotFoundException, c.describe_keyspace, 'NoSuchKs')
    raises(InvalidRequestException, c.describe_ring, 'NoSuchKs', why=['NoSuchKs'])
    c.transport.close()
    ok('connection-description')


# --- schema ------------------------------------------------------------------------------------

def cf_defs():
    return [
        CfDef(keyspace=KS, name='Standard1', comparator_type='UTF8Type'),
        CfDef(keyspace=KS, name='Bytes1'),
        CfDef(keyspace=KS, name='Long1', comparator_type='org.apache.cassandra.db.marshal.LongType'),
        CfDef(keyspace=KS, name='Super1', column_type='Super', comparator_type='UTF8Type', subcomparator_type='LongType'),
        CfDef(keyspace=KS, name='Indexed1', comparator_type='UTF8Type', default_validation_class='UTF8Type', column_metadata=[
            ColumnDef(name=b'state', validation_class='UTF8Type', index_type=IndexType.KEYS, index_name='state_idx'),
            ColumnDef(name=b'birth_year', validation_class='LongType'),
        ]),
        CfDef(keyspace=KS, name='Counter1', comparator_type='UTF8Type', default_validation_class='CounterColumnType'),
    ]


def schema():
    c = connect()
    before = set(c.describe_schema_versions())
    version = c.system_add_keyspace(KsDef(name=KS, strategy_class=SIMPLE, replication_factor=1, cf_defs=cf_defs()))
    assert isinstance(version, str) and len(version) == 36, version
    assert list(c.describe_schema_versions()) == [version], (version, c.describe_schema_versions())
    assert version not in before
    assert KS in [k.name for k in c.describe_keyspaces()]
    ks = c.describe_keyspace(KS)
    assert ks.name == KS and ks.strategy_class.endswith('SimpleStrategy') and ks.replication_factor == 1, ks
    by_name = {cf.name: cf for cf in ks.cf_defs}
    assert sorted(by_name) == sorted(cf.name for cf in cf_defs()), sorted(by_name)
    assert by_name['Standard1'].comparator_type == 'org.apache.cassandra.db.marshal.UTF8Type', by_name['Standard1']
    assert by_name['Standard1'].column_type == 'Standard'
    assert by_name['Bytes1'].comparator_type == 'org.apache.cassandra.db.marshal.BytesType'
    assert by_name['Super1'].column_type == 'Super'
    assert by_name['Super1'].subcomparator_type == 'org.apache.cassandra.db.marshal.LongType', by_name['Super1']
    meta = {m.name: m for m in by_name['Indexed1'].column_metadata}
    assert meta[b'state'].index_type == IndexType.KEYS and meta[b'state'].validation_class.endswith('UTF8Type'), meta
    assert meta[b'birth_year'].index_type is None and meta[b'birth_year'].validation_class.endswith('LongType'), meta
    assert by_name['Counter1'].default_validation_class.endswith('CounterColumnType'), by_name['Counter1']
    assert all(cf.keyspace == KS and isinstance(cf.id, int) for cf in ks.cf_defs)

    raises(InvalidRequestException, c.system_add_keyspace, KsDef(name=KS, strategy_class=SIMPLE, replication_factor=1, cf_defs=[]), why=[KS])
    c.set_keyspace(KS)
    ring = c.describe_ring(KS)
    assert len(ring) >= 1 and all(r.endpoints == [HOST] for r in ring), ring

    # Column families: add, refuse a duplicate and a bad comparator, update, drop.
    v2 = c.system_add_column_family(CfDef(keyspace=KS, name='Extra', comparator_type='AsciiType', comment='first'))
    assert v2 != version and list(c.describe_schema_versions()) == [v2]
    raises(InvalidRequestException, c.system_add_column_family, CfDef(keyspace=KS, name='Extra'), why=['Extra'])
    raises(InvalidRequestException, c.system_add_column_family, CfDef(keyspace=KS, name='Bad1', comparator_type='NoSuchType'), why=['NoSuchType'])
    raises(InvalidRequestException, c.system_add_column_family, CfDef(keyspace='NoSuchKs', name='Bad2'), why=['NoSuchKs'])
    extra = [cf for cf in c.describe_keyspace(KS).cf_defs if cf.name == 'Extra'][0]
    assert extra.comment == 'first' and extra.comparator_type.endswith('AsciiType'), extra
    extra.comment = 'second'
    extra.column_metadata = [ColumnDef(name=b'age', validation_class='LongType', index_type=IndexType.KEYS)]
    v3 = c.system_update_column_family(extra)
    assert v3 not in (version, v2)
    extra = [cf for cf in c.describe_keyspace(KS).cf_defs if cf.name == 'Extra'][0]
    assert extra.comment == 'second', extra
    assert [(m.name, m.index_type) for m in extra.column_metadata] == [(b'age', IndexType.KEYS)], extra.column_metadata
    extra.comparator_type = 'BytesType'
    extra.column_metadata = []
    raises(InvalidRequestException, c.system_update_column_family, extra, why=['comparator'])
    c.insert(b'x', ColumnParent(column_family='Extra'), col(b'age', long8(3)), ONE)
    c.system_drop_column_family('Extra')
    assert 'Extra' not in [cf.name for cf in c.describe_keyspace(KS).cf_defs]
    raises(InvalidRequestException, c.get, b'x', ColumnPath(column_family='Extra', column=b'age'), ONE, why=['Extra'])
    raises(InvalidRequestException, c.system_drop_column_family, 'Extra', why=['Extra'])

    # Keyspaces: add, update, drop.
    c.system_add_keyspace(KsDef(name='PyKs2', strategy_class=SIMPLE, replication_factor=1, cf_defs=[CfDef(keyspace='PyKs2', name='Cf')]))
    c.system_update_keyspace(KsDef(name='PyKs2', strategy_class=SIMPLE, replication_factor=2, cf_defs=[]))
    ks2 = c.describe_keyspace('PyKs2')
    assert ks2.replication_factor == 2 or (ks2.strategy_options or {}).get('replication_factor') == '2', ks2
    assert [cf.name for cf in ks2.cf_defs] == ['Cf'], ks2.cf_defs
    raises(InvalidRequestException, c.system_update_keyspace, KsDef(name='NoSuchKs', strategy_class=SIMPLE, replication_factor=1, cf_defs=[]), why=['NoSuchKs'])
    c.system_drop_keyspace('PyKs2')
    raises(NotFoundException, c.describe_keyspace, 'PyKs2')
    raises(InvalidRequestException, c.set_keyspace, 'PyKs2', why=['PyKs2'])
    raises(InvalidRequestException, c.system_drop_keyspace, 'PyKs2', why=['PyKs2'])
    assert KS in [k.name for k in c.describe_keyspaces()] and 'PyKs2' not in [k.name for k in c.describe_keyspaces()]
    c.transport.close()
    ok('schema')


# --- standard column families ------------------------------------------------------------------

def standard_reads_and_writes():
    c = connect(KS)
    sp = ColumnParent(column_family='Standard1')
    ts = now()
    for name, value in [(b'c', b'3'), (b'a', b'1'), (b'b', b'2'), (b'd', b'4')]:
        c.insert(b'k1', sp, col(name, value, ts), ONE)
    c.insert(b'k2', sp, col(b'a', b'k2a', ts), ONE)

    got = c.get(b'k1', ColumnPath(column_family='Standard1', column=b'b'), ONE)
    assert got.column.name == b'b' and got.column.value == b'2' and got.column.timestamp == ts, got
    assert got.super_column is None and got.counter_column is None
    raises(NotFoundException, c.get, b'k1', ColumnPath(column_family='Standard1', column=b'zz'), ONE)
    raises(NotFoundException, c.get, b'nokey', ColumnPath(column_family='Standard1', column=b'a'), ONE)

    assert names(c.get_slice(b'k1', sp, all_range(), ONE)) == [b'a', b'b', b'c', b'd']
    assert names(c.get_slice(b'k1', sp, SlicePredicate(column_names=[b'd', b'a', b'zz']), ONE)) == [b'a', b'd']
    rng = SlicePredicate(slice_range=SliceRange(start=b'b', finish=b'c', reversed=False, count=100))
    assert names(c.get_slice(b'k1', sp, rng, ONE)) == [b'b', b'c']
    rev = SlicePredicate(slice_range=SliceRange(start=b'c', finish=b'', reversed=True, count=2))
    assert names(c.get_slice(b'k1', sp, rev, ONE)) == [b'c', b'b']
    assert names(c.get_slice(b'k1', sp, all_range(count=3), ONE)) == [b'a', b'b', b'c']
    assert c.get_slice(b'nokey', sp, all_range(), ONE) == []

    assert c.get_count(b'k1', sp, all_range(), ONE) == 4
    assert c.get_count(b'k1', sp, SlicePredicate(column_names=[b'a', b'zz']), ONE) == 1
    assert c.get_count(b'nokey', sp, all_range(), ONE) == 0

    multi = c.multiget_slice([b'k1', b'k2', b'nokey'], sp, SlicePredicate(column_names=[b'a']), ONE)
    assert set(multi) == {b'k1', b'k2', b'nokey'}, multi
    assert [x.column.value for x in multi[b'k1']] == [b'1']
    assert [x.column.value for x in multi[b'k2']] == [b'k2a']
    assert multi[b'nokey'] == []
    counts = c.multiget_count([b'k1', b'k2', b'nokey'], sp, all_range(), ONE)
    assert counts == {b'k1': 4, b'k2': 1, b'nokey': 0}, counts

    # Key ranges: every row once, in the partitioner's order; pages resume at the last key.
    rows = c.get_range_slices(sp, all_range(), key_range(), ONE)
    assert sorted(r.key for r in rows) == [b'k1', b'k2'], rows
    by_key = {r.key: names(r.columns) for r in rows}
    assert by_key == {b'k1': [b'a', b'b', b'c', b'd'], b'k2': [b'a']}, by_key
    first = c.get_range_slices(sp, SlicePredicate(column_names=[b'a']), key_range(count=1), ONE)
    assert len(first) == 1 and first[0].key == rows[0].key, first
    rest = c.get_range_slices(sp, SlicePredicate(column_names=[b'a']), key_range(count=10, start=first[0].key), ONE)
    assert [r.key for r in rest] == [r.key for r in rows], rest
    # By token ranges: the ring's ranges (one per vnode token) together hold every row once.
    tokens = [r for tr in c.describe_ring(KS) for r in c.get_range_slices(sp, all_range(), KeyRange(start_token=tr.start_token, end_token=tr.end_token, count=100), ONE)]
    assert sorted(r.key for r in tokens) == [b'k1', b'k2'], tokens

    # Timestamps decide: an older write loses, an older remove removes nothing.
    c.insert(b'k1', sp, col(b'a', b'older', ts - 10), ONE)
    assert c.get(b'k1', ColumnPath(column_family='Standard1', column=b'a'), ONE).column.value == b'1'
    c.insert(b'k1', sp, col(b'a', b'newer', ts + 10), ONE)
    assert c.get(b'k1', ColumnPath(column_family='Standard1', column=b'a'), ONE).column.value == b'newer'
    c.remove(b'k1', ColumnPath(column_family='Standard1', column=b'a'), ts, ONE)
    assert c.get(b'k1', ColumnPath(column_family='Standard1', column=b'a'), ONE).column.value == b'newer'
    c.remove(b'k1', ColumnPath(column_family='Standard1', column=b'a'), ts + 20, ONE)
    raises(NotFoundException, c.get, b'k1', ColumnPath(column_family='Standard1', column=b'a'), ONE)
    c.remove(b'k2', ColumnPath(column_family='Standard1'), now(), ONE)  # the whole row
    assert c.get_slice(b'k2', sp, all_range(), ONE) == []

    # batch_mutate: inserts and deletions over several keys and column families at once.
    t2 = now()
    c.batch_mutate({
        b'k1': {
            'Standard1': [
                Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col(b'e', b'5', t2))),
                Mutation(deletion=Deletion(timestamp=t2, predicate=SlicePredicate(column_names=[b'b', b'c']))),
            ],
            'Bytes1': [Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col(b'\x00\xff', b'raw', t2)))],
        },
        b'k3': {'Standard1': [Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col(b'z', b'26', t2)))]},
    }, ONE)
    assert names(c.get_slice(b'k1', sp, all_range(), ONE)) == [b'd', b'e']
    assert names(c.get_slice(b'k3', sp, all_range(), ONE)) == [b'z']
    assert c.get(b'k1', ColumnPath(column_family='Bytes1', column=b'\x00\xff'), ONE).column.value == b'raw'

    # TTL: the column is gone once it expires. Expiry is counted in whole seconds from the
    # second of the write (as Cassandra does), so a TTL of 1 may end a moment after the write:
    # 2 leaves at least one second for the read that follows.
    c.insert(b'ttl', sp, col(b't', b'short-lived', ttl=2), ONE)
    got = c.get(b'ttl', ColumnPath(column_family='Standard1', column=b't'), ONE)
    assert got.column.ttl == 2, got
    time.sleep(3.2)
    raises(NotFoundException, c.get, b'ttl', ColumnPath(column_family='Standard1', column=b't'), ONE)

    # truncate empties one column family only.
    c.truncate('Bytes1')
    assert c.get_range_slices(ColumnParent(column_family='Bytes1'), all_range(), key_range(), ONE) == []
    assert names(c.get_slice(b'k1', sp, all_range(), ONE)) == [b'd', b'e']
    raises(InvalidRequestException, c.truncate, 'NoSuchCf', why=['NoSuchCf'])

    # describe_splits: tokens from the start to the end of the range.
    ring = c.describe_ring(KS)
    splits = c.describe_splits('Standard1', ring[0].start_token, ring[0].end_token, 128)
    assert len(splits) >= 2 and splits[0] == ring[0].start_token and splits[-1] == ring[0].end_token, splits
    c.transport.close()
    ok('standard')


# --- super column families ---------------------------------------------------------------------

def super_column_families():
    c = connect(KS)
    ts = now()
    for sc, sub in [(b'sc2', 10), (b'sc1', 300), (b'sc1', 2), (b'sc1', 10)]:
        c.insert(b's', ColumnParent(column_family='Super1', super_column=sc), col(long8(sub), b'v%d' % sub, ts), ONE)
    whole = c.get(b's', ColumnPath(column_family='Super1', super_column=b'sc1'), ONE)
    assert whole.column is None and whole.super_column.name == b'sc1', whole
    assert [x.name for x in whole.super_column.columns] == [long8(2), long8(10), long8(300)], whole  # LongType order
    one = c.get(b's', ColumnPath(column_family='Super1', super_column=b'sc1', column=long8(10)), ONE)
    assert one.column.value == b'v10', one
    raises(NotFoundException, c.get, b's', ColumnPath(column_family='Super1', super_column=b'sc9'), ONE)

    supers = c.get_slice(b's', ColumnParent(column_family='Super1'), all_range(), ONE)
    assert [(x.super_column.name, len(x.super_column.columns)) for x in supers] == [(b'sc1', 3), (b'sc2', 1)], supers
    subs = c.get_slice(b's', ColumnParent(column_family='Super1', super_column=b'sc1'),
                       SlicePredicate(slice_range=SliceRange(start=long8(5), finish=b'', reversed=False, count=10)), ONE)
    assert [x.column.name for x in subs] == [long8(10), long8(300)], subs
    assert c.get_count(b's', ColumnParent(column_family='Super1'), all_range(), ONE) == 2
    assert c.get_count(b's', ColumnParent(column_family='Super1', super_column=b'sc1'), all_range(), ONE) == 3
    multi = c.multiget_slice([b's', b'none'], ColumnParent(column_family='Super1', super_column=b'sc2'), all_range(), ONE)
    assert [x.column.name for x in multi[b's']] == [long8(10)] and multi[b'none'] == [], multi
    ranged = c.get_range_slices(ColumnParent(column_family='Super1'), all_range(), key_range(), ONE)
    assert [(r.key, [x.super_column.name for x in r.columns]) for r in ranged] == [(b's', [b'sc1', b'sc2'])], ranged

    # Deletions: a sub column, then a whole super column, through remove and batch_mutate.
    c.remove(b's', ColumnPath(column_family='Super1', super_column=b'sc1', column=long8(2)), now(), ONE)
    assert c.get_count(b's', ColumnParent(column_family='Super1', super_column=b'sc1'), all_range(), ONE) == 2
    c.batch_mutate({b's': {'Super1': [
        Mutation(deletion=Deletion(timestamp=now(), super_column=b'sc2')),
        Mutation(column_or_supercolumn=ColumnOrSuperColumn(super_column=SuperColumn(name=b'sc3', columns=[col(long8(1), b'one')]))),
    ]}}, ONE)
    supers = c.get_slice(b's', ColumnParent(column_family='Super1'), all_range(), ONE)
    assert [x.super_column.name for x in supers] == [b'sc1', b'sc3'], supers
    c.remove(b's', ColumnPath(column_family='Super1', super_column=b'sc1'), now(), ONE)
    raises(NotFoundException, c.get, b's', ColumnPath(column_family='Super1', super_column=b'sc1'), ONE)
    c.transport.close()
    ok('super')


# --- secondary indexes -------------------------------------------------------------------------

def indexes():
    c = connect(KS)
    p = ColumnParent(column_family='Indexed1')
    for key, state, year in [(b'u1', b'UT', 1980), (b'u2', b'CA', 1975), (b'u3', b'UT', 1990), (b'u4', b'UT', 1970)]:
        c.insert(key, p, col(b'state', state), ONE)
        c.insert(key, p, col(b'birth_year', long8(year)), ONE)
    eq = IndexExpression(column_name=b'state', op=IndexOperator.EQ, value=b'UT')
    rows = c.get_indexed_slices(p, IndexClause(expressions=[eq], start_key=b'', count=100), all_range(), ONE)
    assert sorted(r.key for r in rows) == [b'u1', b'u3', b'u4'], rows
    assert all(sorted(names(r.columns)) == [b'birth_year', b'state'] for r in rows), rows
    gt = IndexExpression(column_name=b'birth_year', op=IndexOperator.GT, value=long8(1975))
    rows = c.get_indexed_slices(p, IndexClause(expressions=[eq, gt], start_key=b'', count=100), SlicePredicate(column_names=[b'birth_year']), ONE)
    assert sorted(r.key for r in rows) == [b'u1', b'u3'], rows
    assert all(names(r.columns) == [b'birth_year'] for r in rows)
    # A changed value moves the row in the index.
    c.insert(b'u3', p, col(b'state', b'CA'), ONE)
    rows = c.get_indexed_slices(p, IndexClause(expressions=[eq], start_key=b'', count=100), all_range(), ONE)
    assert sorted(r.key for r in rows) == [b'u1', b'u4'], rows
    # An expression with no EQ on an indexed column is refused; so is a value the validator refuses.
    raises(InvalidRequestException, c.get_indexed_slices, p, IndexClause(expressions=[gt], start_key=b'', count=100), all_range(), ONE, why=['indexed'])
    raises(InvalidRequestException, c.insert, b'u5', p, col(b'birth_year', b'abc'), ONE)
    assert c.get_count(b'u5', p, all_range(), ONE) == 0
    c.transport.close()
    ok('indexes')


# --- counters ----------------------------------------------------------------------------------

def counters():
    c = connect(KS)
    p = ColumnParent(column_family='Counter1')
    c.add(b'page', p, CounterColumn(name=b'hits', value=5), ONE)
    c.add(b'page', p, CounterColumn(name=b'hits', value=3), ONE)
    c.add(b'page', p, CounterColumn(name=b'misses', value=-2), ONE)
    got = c.get(b'page', ColumnPath(column_family='Counter1', column=b'hits'), ONE)
    assert got.column is None and got.counter_column.name == b'hits' and got.counter_column.value == 8, got
    c.add(b'page', p, CounterColumn(name=b'hits', value=-10), ONE)
    assert c.get(b'page', ColumnPath(column_family='Counter1', column=b'hits'), ONE).counter_column.value == -2
    sliced = c.get_slice(b'page', p, all_range(), ONE)
    assert [(x.counter_column.name, x.counter_column.value) for x in sliced] == [(b'hits', -2), (b'misses', -2)], sliced
    c.remove_counter(b'page', ColumnPath(column_family='Counter1', column=b'hits'), ONE)
    raises(NotFoundException, c.get, b'page', ColumnPath(column_family='Counter1', column=b'hits'), ONE)
    assert c.get_count(b'page', p, all_range(), ONE) == 1
    # Counters and plain columns do not mix.
    raises(InvalidRequestException, c.add, b'page', ColumnParent(column_family='Standard1'), CounterColumn(name=b'x', value=1), ONE)
    raises(InvalidRequestException, c.insert, b'page', p, col(b'x', long8(1)), ONE)
    raises(InvalidRequestException, c.add, b'page', ColumnParent(column_family='NoSuchCf'), CounterColumn(name=b'x', value=1), ONE, why=['NoSuchCf'])
    assert c.get_count(b'page', ColumnParent(column_family='Standard1'), all_range(), ONE) == 0
    assert c.get_count(b'page', p, all_range(), ONE) == 1
    c.transport.close()
    ok('counters')


# --- errors ------------------------------------------------------------------------------------

def errors():
    c = connect(KS)
    sp = ColumnParent(column_family='Standard1')
    IRE = InvalidRequestException
    # Unknown column families are named, on every kind of call.
    missing = ColumnParent(column_family='NoSuchCf')
    raises(IRE, c.get, b'k', ColumnPath(column_family='NoSuchCf', column=b'a'), ONE, why=['NoSuchCf'])
    raises(IRE, c.get_slice, b'k', missing, all_range(), ONE, why=['NoSuchCf'])
    raises(IRE, c.get_count, b'k', missing, all_range(), ONE, why=['NoSuchCf'])
    raises(IRE, c.multiget_slice, [b'k'], missing, all_range(), ONE, why=['NoSuchCf'])
    raises(IRE, c.multiget_count, [b'k'], missing, all_range(), ONE, why=['NoSuchCf'])
    raises(IRE, c.get_range_slices, missing, all_range(), key_range(), ONE, why=['NoSuchCf'])
    raises(IRE, c.insert, b'k', missing, col(b'a', b'v'), ONE, why=['NoSuchCf'])
    raises(IRE, c.remove, b'k', ColumnPath(column_family='NoSuchCf'), now(), ONE, why=['NoSuchCf'])
    raises(IRE, c.batch_mutate, {b'k': {'NoSuchCf': [Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col(b'a', b'v')))]}}, ONE, why=['NoSuchCf'])
    raises(IRE, c.describe_splits, 'NoSuchCf', '0', '0', 128, why=['NoSuchCf'])

    # Names the comparator refuses; nothing is written.
    raises(IRE, c.insert, b'bad', ColumnParent(column_family='Long1'), col(b'abc', b'v'), ONE)
    raises(IRE, c.get, b'bad', ColumnPath(column_family='Long1', column=b'abc'), ONE)
    raises(IRE, c.insert, b'bad', sp, col(b'\xff\xfe', b'v'), ONE, why=['utf'])
    raises(IRE, c.get_slice, b'bad', sp, SlicePredicate(column_names=[b'\xc3']), ONE, why=['utf'])
    raises(IRE, c.batch_mutate, {b'bad': {'Standard1': [
        Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col(b'fine', b'v'))),
        Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col(b'\xed\xa0\x80', b'v'))),
    ]}}, ONE, why=['utf'])
    raises(IRE, c.insert, b'bad', ColumnParent(column_family='Super1', super_column=b'sc'), col(b'short', b'v'), ONE)
    assert c.get_count(b'bad', sp, all_range(), ONE) == 0
    assert c.get_count(b'bad', ColumnParent(column_family='Long1'), all_range(), ONE) == 0
    assert c.get_count(b'bad', ColumnParent(column_family='Super1'), all_range(), ONE) == 0

    # Super-column paths on standard column families, and plain ones on super column families.
    raises(IRE, c.insert, b'bad', ColumnParent(column_family='Standard1', super_column=b'sc'), col(b'a', b'v'), ONE, why=['standard CF Standard1'])
    raises(IRE, c.get, b'bad', ColumnPath(column_family='Standard1', super_column=b'sc', column=b'a'), ONE, why=['supercolumn', 'Standard1'])
    raises(IRE, c.get_slice, b'bad', ColumnParent(column_family='Standard1', super_column=b'sc'), all_range(), ONE, why=['Standard1'])
    raises(IRE, c.batch_mutate, {b'bad': {'Standard1': [Mutation(column_or_supercolumn=ColumnOrSuperColumn(super_column=SuperColumn(name=b'sc', columns=[col(b'a', b'v')])))]}}, ONE)
    raises(IRE, c.insert, b'bad', ColumnParent(column_family='Super1'), col(b'a', b'v'), ONE, why=['Super1'])
    raises(IRE, c.get, b'bad', ColumnPath(column_family='Standard1'), ONE, why=['Standard1'])
    assert c.get_count(b'bad', sp, all_range(), ONE) == 0
    assert c.get_count(b'bad', ColumnParent(column_family='Super1'), all_range(), ONE) == 0

    # Malformed requests.
    raises(IRE, c.insert, b'', sp, col(b'a', b'v'), ONE, why=['key'])
    raises(IRE, c.get_slice, b'k', sp, SlicePredicate(slice_range=SliceRange(start=b'z', finish=b'a', reversed=False, count=10)), ONE, why=['range finish'])
    raises(IRE, c.get_slice, b'k', sp, SlicePredicate(slice_range=SliceRange(start=b'', finish=b'', reversed=False, count=-1)), ONE, why=['count'])
    raises(IRE, c.get_slice, b'k', sp, SlicePredicate(), ONE)
    raises(IRE, c.batch_mutate, {b'bad': {'Standard1': [Mutation(column_or_supercolumn=ColumnOrSuperColumn(column=col(b'a', b'v')), deletion=Deletion(timestamp=now()))]}}, ONE)
    raises(IRE, c.batch_mutate, {b'bad': {'Standard1': [Mutation()]}}, ONE)
    raises(IRE, c.insert, b'bad', sp, col(b'a', b'v', ttl=-5), ONE, why=['ttl'])
    raises(IRE, c.get_range_slices, sp, all_range(), KeyRange(start_key=b'a', end_key=b'b', start_token='0', end_token='1', count=10), ONE)
    raises(IRE, c.get_indexed_slices, ColumnParent(column_family='Indexed1'), IndexClause(expressions=[], start_key=b'', count=10), all_range(), ONE)
    assert c.get_count(b'bad', sp, all_range(), ONE) == 0

    # Errors leave the connection usable, and the data intact.
    assert names(c.get_slice(b'k1', sp, all_range(), ONE)) == [b'd', b'e']
    # A fresh connection has no keyspace, whatever the others set.
    fresh = connect()
    raises(IRE, fresh.get_slice, b'k1', sp, all_range(), ONE, why=['keyspace'])
    fresh.set_keyspace(KS)
    assert names(fresh.get_slice(b'k1', sp, all_range(), ONE)) == [b'd', b'e']
    fresh.transport.close()
    c.transport.close()
    ok('errors')


SECTIONS = [connection_and_description, schema, standard_reads_and_writes, super_column_families, indexes, counters, errors]

if __name__ == '__main__':
    for section in SECTIONS:
        section()
