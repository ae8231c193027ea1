# The DataStax Python driver (Debian's python3-cassandra) and materialized views on a running
# Ilium node (enable_materialized_views under its 4.1 name): a view queried after base inserts,
# updates that move its key and deletes; the keyspace metadata's views (read from
# system_schema.views and columns) and the table's views, and export_as_string.
# Run by python-views.test.ts:  /usr/bin/python3 python_views.py HOST PORT
# Prints one "ok <section>" line per section that passed; an assertion error exits non-zero.
from py_session import connect_from_argv, ok


def main():
    c, s = connect_from_argv()
    s.execute("CREATE KEYSPACE pymv WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
    s.set_keyspace('pymv')
    s.execute('CREATE TABLE scores (game text, player text, score int, PRIMARY KEY (game, player))')
    for g, p, sc in [('chess', 'ann', 10), ('chess', 'bob', 20), ('go', 'ann', 5)]:
        s.execute('INSERT INTO scores (game, player, score) VALUES (%s, %s, %s)', (g, p, sc))
    rs = s.execute('CREATE MATERIALIZED VIEW by_score AS SELECT game, player, score FROM scores '
                   'WHERE game IS NOT NULL AND player IS NOT NULL AND score IS NOT NULL '
                   'PRIMARY KEY (game, score, player) WITH CLUSTERING ORDER BY (score DESC, player ASC)')
    assert rs.response_future.warnings == ['Materialized views are experimental and are not recommended for production use.'], rs.response_future.warnings
    rows = list(s.execute("SELECT player, score FROM by_score WHERE game = 'chess'"))
    assert [(r.player, r.score) for r in rows] == [('bob', 20), ('ann', 10)], rows
    s.execute("UPDATE scores SET score = 30 WHERE game = 'chess' AND player = 'ann'")
    s.execute("DELETE FROM scores WHERE game = 'chess' AND player = 'bob'")
    s.execute("INSERT INTO scores (game, player, score) VALUES ('chess', 'cid', 15)")
    rows = list(s.execute("SELECT player, score FROM by_score WHERE game = 'chess'"))
    assert [(r.player, r.score) for r in rows] == [('ann', 30), ('cid', 15)], rows
    ok('query')

    c.refresh_schema_metadata()
    ks = c.metadata.keyspaces['pymv']
    assert sorted(ks.views) == ['by_score'], sorted(ks.views)
    v = ks.views['by_score']
    assert v.base_table_name == 'scores', v.base_table_name
    assert v.include_all_columns is False
    assert v.where_clause == 'game IS NOT NULL AND player IS NOT NULL AND score IS NOT NULL', v.where_clause
    assert [col.name for col in v.partition_key] == ['game']
    assert [col.name for col in v.clustering_key] == ['score', 'player']
    assert sorted(ks.tables) == ['scores'], sorted(ks.tables)
    assert sorted(ks.tables['scores'].views) == ['by_score']
    cql = v.export_as_string()
    assert cql.startswith('CREATE MATERIALIZED VIEW pymv.by_score AS'), cql
    assert 'CLUSTERING ORDER BY (score DESC, player ASC)' in cql, cql
    ok('metadata')

    s.execute('DROP MATERIALIZED VIEW by_score')
    c.refresh_schema_metadata()
    assert sorted(c.metadata.keyspaces['pymv'].views) == []
    ok('drop')
    c.shutdown()


main()
