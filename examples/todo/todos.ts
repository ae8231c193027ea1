/**
 * A small application data layer over the npm cassandra-driver — what an application's own code
 * looks like — whose test suite (todos.test.ts) runs against `ilium/testing`'s in-memory node.
 */
import cassandra from 'cassandra-driver';

export const TODO_SCHEMA = `
CREATE TABLE todos (
  owner text,
  id timeuuid,
  title text,
  done boolean,
  PRIMARY KEY (owner, id)
) WITH CLUSTERING ORDER BY (id DESC);
`;

export interface Todo {
  readonly id: string;
  readonly title: string;
  readonly done: boolean;
}

export class Todos {
  constructor(private readonly client: cassandra.Client) {}

  /** Adds a todo; newest first in `list`. */
  async add(owner: string, title: string): Promise<string> {
    const id = cassandra.types.TimeUuid.now();
    await this.client.execute('INSERT INTO todos (owner, id, title, done) VALUES (?, ?, ?, false)', [owner, id, title], { prepare: true });
    return id.toString();
  }

  async markDone(owner: string, id: string): Promise<void> {
    await this.client.execute('UPDATE todos SET done = true WHERE owner = ? AND id = ?', [owner, cassandra.types.TimeUuid.fromString(id)], { prepare: true });
  }

  async list(owner: string): Promise<Todo[]> {
    const rs = await this.client.execute('SELECT id, title, done FROM todos WHERE owner = ?', [owner], { prepare: true });
    return rs.rows.map((r) => ({ id: String(r.get('id')), title: r.get('title') as string, done: r.get('done') as boolean }));
  }
}
