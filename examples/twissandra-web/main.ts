/**
 * `npm run example:twissandra-web [-- --port 8080 --host 127.0.0.1 --data DIR | --remote HOST:PORT]`:
 * Twissandra in the browser. Embedded by default (a node in this process, in memory, or durable
 * under --data); `--remote` runs it on a running node instead (`ilium start`), through connect().
 */
import { parseArgs } from 'node:util';
import { connect, open } from '../../src/index.js';
import { startTwissandraWeb } from './app.js';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8080' }, host: { type: 'string', default: '127.0.0.1' }, data: { type: 'string' }, remote: { type: 'string' } },
});
if (values.remote !== undefined && values.data !== undefined) {
  console.error('twissandra-web: --data (embedded) and --remote (a running node) exclude each other');
  process.exit(2);
}
const db = values.remote !== undefined ? await connect({ contactPoints: [values.remote] }) : await open(values.data === undefined ? {} : { dataDir: values.data });
const web = await startTwissandraWeb({ db, host: values.host, port: Number(values.port) });
console.log(`Twissandra on ${web.url} (${values.remote !== undefined ? `node ${values.remote}` : values.data !== undefined ? `embedded, data in ${values.data}` : 'embedded, in memory'}); Ctrl-C stops it`);
const stop = async (): Promise<void> => {
  await web.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
