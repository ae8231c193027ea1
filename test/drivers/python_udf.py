# The DataStax Python driver (Debian's python3-cassandra) and user-defined functions on a running
# Ilium node: a JavaScript UDF and a UDA in SELECT, the keyspace metadata's functions and
# aggregates (read from system_schema, refreshed by the schema events) and export_as_string.
# Run by python-udf.test.ts:  /usr/bin/python3 python_udf.py HOST PORT
# Prints one "ok <section>" line per section that passed; an assertion error exits non-zero.
from py_session import connect_from_argv, ok


def main():
    c, s = connect_from_argv()
    s.execute("CREATE KEYSPACE pyudf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
    s.set_keyspace('pyudf')
    s.execute('CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c))')
    for k, cc, v in [(1, 1, 10), (1, 2, 20), (2, 1, 5)]:
        s.execute('INSERT INTO t (k, c, v) VALUES (%s, %s, %s)', (k, cc, v))
    s.execute("CREATE FUNCTION twice(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 2'")
    s.execute('CREATE FUNCTION acc(st bigint, v int) CALLED ON NULL INPUT RETURNS bigint LANGUAGE javascript '
              'AS $$v == null ? st : st + v$$')
    s.execute('CREATE AGGREGATE total(int) SFUNC acc STYPE bigint INITCOND 0')
    rows = list(s.execute('SELECT c, twice(v) AS d FROM t WHERE k = 1'))
    assert [(r.c, r.d) for r in rows] == [(1, 20), (2, 40)], rows
    rows = list(s.execute('SELECT k, total(v) AS s FROM t GROUP BY k'))
    assert [(r.k, r.s) for r in rows] == [(1, 30), (2, 5)], rows
    ok('select')

    c.refresh_schema_metadata()
    ks = c.metadata.keyspaces['pyudf']
    assert sorted(ks.functions) == ['acc(bigint,int)', 'twice(int)'], sorted(ks.functions)
    f = ks.functions['twice(int)']
    assert (f.name, f.argument_types, f.argument_names, f.return_type, f.language, f.body, f.called_on_null_input) == \
        ('twice', ['int'], ['x'], 'int', 'javascript', 'x * 2', False), vars(f)
    a = ks.aggregates['total(int)']
    assert (a.name, a.argument_types, a.state_func, a.state_type, a.final_func, a.initial_condition, a.return_type) == \
        ('total', ['int'], 'acc', 'bigint', None, '0', 'bigint'), vars(a)
    text = ks.export_as_string()
    assert 'CREATE FUNCTION pyudf.twice(x int)' in text, text
    assert 'CREATE AGGREGATE pyudf.total(int)' in text, text
    ok('metadata')

    s.execute('DROP AGGREGATE total')
    s.execute('DROP FUNCTION acc')
    c.refresh_schema_metadata()
    assert sorted(c.metadata.keyspaces['pyudf'].functions) == ['twice(int)']
    assert not c.metadata.keyspaces['pyudf'].aggregates
    ok('drop')
    c.shutdown()


main()
