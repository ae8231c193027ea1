/**
 * One Paxos request to one replica: this node's own acceptor directly, any other over the
 * PAXOS_* verbs (decoded here), with the write timeout.
 */
import type { Endpoint } from '../../locator/index.js';
import { addressOf } from '../coordinator/endpoint-address.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { encodeCommit } from '../wire/paxos-commit-codec.js';
import { decodePrepareResponse, encodePrepareRequest } from '../wire/paxos-prepare-message.js';
import { decodeProposeResponse } from '../wire/paxos-propose-message.js';
import type { Ballot } from './ballot.js';
import type { PaxosAcceptor } from './paxos-acceptor.js';
import type { PaxosCommit, PrepareResponse } from './paxos-commit.js';

function acceptor(d: ProxyDeps): PaxosAcceptor {
  if (d.paxos === undefined) throw new Error('this node has no Paxos state (StorageProxyConfig.paxos)');
  return d.paxos;
}

export async function prepareAt(d: ProxyDeps, e: Endpoint, tableId: string, key: Buffer, ballot: Ballot): Promise<PrepareResponse> {
  if (e === d.self) return acceptor(d).prepare(tableId, key, ballot);
  const rsp = await d.messaging.request(addressOf(e), { verb: 'PAXOS_PREPARE', payload: encodePrepareRequest({ tableId, key, ballot }) }, { timeoutMs: d.options.writeTimeoutMs });
  return decodePrepareResponse(rsp.payload);
}

export async function proposeAt(d: ProxyDeps, e: Endpoint, proposal: PaxosCommit): Promise<boolean> {
  if (e === d.self) return acceptor(d).propose(proposal);
  const rsp = await d.messaging.request(addressOf(e), { verb: 'PAXOS_PROPOSE', payload: encodeCommit(proposal) }, { timeoutMs: d.options.writeTimeoutMs });
  return decodeProposeResponse(rsp.payload);
}

export async function commitAt(d: ProxyDeps, e: Endpoint, commit: PaxosCommit): Promise<void> {
  if (e === d.self) return acceptor(d).commit(commit);
  await d.messaging.request(addressOf(e), { verb: 'PAXOS_COMMIT', payload: encodeCommit(commit) }, { timeoutMs: d.options.writeTimeoutMs });
}
