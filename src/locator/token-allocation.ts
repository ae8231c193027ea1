/**
 * The tokens a new node takes: `initial_token` when configured (a comma-separated list in the
 * partitioner's string form), otherwise `num_tokens` random tokens drawn from the Env's Random —
 * so a simulated cluster with one seed places its nodes the same way every run. Random tokens
 * never collide with a token already on the ring (NORMAL or bootstrapping) nor with each other;
 * initial tokens that do are refused, as Cassandra refuses bootstrapping onto an owned token.
 */
import type { Random } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import type { Partitioner, Token } from '../dht/index.js';
import type { TokenMetadata } from './token-metadata.js';

/** Draws per token before giving up: a collision is ~2^-40 likely with 64-bit tokens. */
const DRAWS_PER_TOKEN_MAX = 64;

export interface TokenChoiceInputs<T extends Token> {
  readonly partitioner: Partitioner<T>;
  readonly random: Random;
  /** cassandra.yaml num_tokens; undefined when the file does not set it. */
  readonly numTokens: number | undefined;
  /** cassandra.yaml initial_token, when set. */
  readonly initialToken?: string;
  /** The ring the node joins (to avoid its tokens). */
  readonly ring: TokenMetadata<T>;
}

/** The tokens a joining node announces, by Cassandra's rules for num_tokens and initial_token. */
export function chooseTokens<T extends Token>(inputs: TokenChoiceInputs<T>): T[] {
  const { partitioner, ring } = inputs;
  if (inputs.initialToken !== undefined && inputs.initialToken.trim() !== '') {
    const tokens = parseInitialTokens(inputs.initialToken, partitioner);
    const numTokens = inputs.numTokens ?? (tokens.length === 1 ? 1 : undefined);
    if (numTokens === undefined) throw new ConfigurationError('initial_token was set but num_tokens is not!');
    if (tokens.length !== numTokens) {
      throw new ConfigurationError(`The number of initial tokens (by initial_token) specified (${tokens.length}) is different from num_tokens value (${numTokens})`);
    }
    for (const t of tokens) {
      const owner = ring.endpointOf(t);
      if (owner !== undefined) {
        throw new ConfigurationError(`Bootstrapping to existing token ${partitioner.tokenToString(t)} is not allowed (decommission/removenode the old node (${owner}) first).`);
      }
    }
    return tokens;
  }
  return randomTokens(partitioner, inputs.random, inputs.numTokens ?? 1, ring);
}

/** initial_token's list; ConfigurationError naming the bad entry, an empty entry or a repeat. */
export function parseInitialTokens<T extends Token>(text: string, partitioner: Partitioner<T>): T[] {
  const out: T[] = [];
  for (const raw of text.split(',')) {
    const s = raw.trim();
    if (s === '') throw new ConfigurationError(`initial_token '${text}' has an empty entry`);
    let t: T;
    try {
      t = partitioner.tokenFromString(s);
    } catch (e) {
      throw new ConfigurationError(`initial_token entry '${s}' is not a ${partitioner.name} token: ${(e as Error).message}`, { cause: e });
    }
    if (out.some((o) => partitioner.compareTokens(o, t) === 0)) throw new ConfigurationError(`initial_token lists token ${s} twice`);
    out.push(t);
  }
  return out;
}

/** `count` distinct random tokens, none already on `ring`. */
export function randomTokens<T extends Token>(partitioner: Partitioner<T>, random: Random, count: number, ring: TokenMetadata<T>): T[] {
  if (!Number.isInteger(count) || count < 1) throw new ConfigurationError(`num_tokens must be a positive integer, got ${count}`);
  const taken = new Set<string>([...ring.sortedTokens(), ...ring.bootstrapEntries().map((e) => e.token)].map((t) => key(partitioner, t)));
  const out: T[] = [];
  for (let draws = 0; out.length < count; draws++) {
    if (draws >= count * DRAWS_PER_TOKEN_MAX) throw new ConfigurationError(`Could not draw ${count} free ${partitioner.name} tokens in ${draws} tries`);
    const t = partitioner.randomToken(random);
    const k = key(partitioner, t);
    if (taken.has(k)) continue;
    taken.add(k);
    out.push(t);
  }
  return out;
}

function key<T extends Token>(p: Partitioner<T>, t: T): string {
  return p.tokenToBytes(t).toString('hex');
}
