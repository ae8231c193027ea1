import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completions } from './completion.js';
import type { ColumnInfo, SchemaSnapshot } from './schema-cache.js';

const col = (name: string, kind: ColumnInfo['kind']): ColumnInfo => ({ name, kind, position: 0, typeText: 'text' });
const schema: SchemaSnapshot = {
  keyspaces: ['shop', 'system', 'Weird'],
  tables: new Map([['shop', ['orders', 'users']], ['system', ['local', 'peers']]]),
  columns: new Map([['shop.users', [col('id', 'partition_key'), col('email', 'regular'), col('name', 'regular')]]]),
};
const ctx = { schema, keyspace: 'shop' };
const c = (before: string) => completions(before, ctx).candidates;

test('the first word completes to statements and shell commands, in the case typed', () => {
  assert.deepEqual(c('SE'), ['SELECT', 'SERIAL']);
  assert.deepEqual(c('se'), ['select', 'serial']);
  assert.ok(c('').includes('COPY'));
  assert.deepEqual(completions('des', ctx).partial, 'des');
});

test('keyspaces after USE, tables after FROM/INTO/UPDATE (narrowed by ks.), describe objects', () => {
  assert.deepEqual(c('USE '), ['"Weird"', 'shop', 'system']);
  assert.deepEqual(c('use s'), ['shop', 'system']);
  assert.deepEqual(c('SELECT * FROM u'), ['users']);
  assert.deepEqual(c('SELECT * FROM system.p'), ['system.peers']);
  assert.deepEqual(c('INSERT INTO '), ['"Weird"', 'orders', 'shop', 'system', 'users']);
  assert.deepEqual(c('insert i'), ['into']);
  assert.deepEqual(c('DESCRIBE KEYSPACE s'), ['shop', 'system']);
  assert.ok(c('DESC ').includes('KEYSPACES'));
  assert.ok(c('DESC ').includes('users'));
  assert.deepEqual(c('COPY shop.'), ['shop.orders', 'shop.users']);
});

test('columns of the statement table after WHERE / SET / AND / (; keywords after the table name', () => {
  assert.deepEqual(c('SELECT * FROM users WHERE e'), ['email', 'exists']);
  assert.deepEqual(c('UPDATE shop.users SET n'), ['name', 'not', 'null']);
  assert.ok(c('SELECT * FROM users WHERE id = 1 AND ').includes('email'));
  assert.deepEqual(c('INSERT INTO users (i'), ['id', 'if', 'in', 'into']);
  assert.deepEqual(c('SELECT * FROM users W'), ['WHERE', 'WITH']);
});

test('shell settings complete their values', () => {
  assert.deepEqual(c('CONSISTENCY LOCAL_'), ['LOCAL_ONE', 'LOCAL_QUORUM', 'LOCAL_SERIAL']);
  assert.deepEqual(c('serial consistency '), ['LOCAL_SERIAL', 'SERIAL']);
  assert.deepEqual(c('EXPAND O'), ['OFF', 'ON']);
  assert.deepEqual(c('paging o'), ['off', 'on']);
  assert.deepEqual(c('SHOW '), ['HOST', 'SESSION', 'VERSION']);
});
