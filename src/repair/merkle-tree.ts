/**
 * A Merkle tree over a token range, for anti-entropy repair: each replica hashes its partitions of
 * the range into the same tree shape, trees are exchanged, and only the sub-ranges whose hashes
 * differ are streamed.
 *
 * Shape: the range is halved at the partitioner's midpoint, recursively, to `depth` levels (a
 * sub-range too narrow to halve stays a leaf). The shape depends only on (partitioner, range,
 * depth), so two replicas build identical shapes independently. A leaf's hash is the XOR of the
 * digests of the partitions whose tokens fall in it (order-free, so partitions may be added in any
 * order); an inner node's hash is SHA-256 of its children's hashes (so differences cannot cancel
 * across sub-ranges).
 *
 * Serialized (pre-order):
 *   tree  := version:u8 (= 1) depth:u8 left:lenBytes right:lenBytes node
 *   node  := 0x01 split:lenBytes node node          an inner node, halved at `split`
 *          | 0x00 count:varint hash:bytes(32)       a leaf
 * Tokens travel as the partitioner's byte-comparable form.
 */
import { createHash } from 'node:crypto';
import { Range, type Partitioner, type Token } from '../dht/index.js';
import { ByteReader } from '../util/byte-reader.js';
import { ByteWriter } from '../util/byte-writer.js';

export const HASH_BYTES = 32;
/** Cassandra's cap: 2^20 leaves. */
export const MAX_MERKLE_DEPTH = 20;
const VERSION = 1;

interface Leaf<T extends Token> {
  readonly kind: 'leaf';
  readonly range: Range<T>;
  readonly hash: Buffer;
  count: number;
}
interface Inner<T extends Token> {
  readonly kind: 'inner';
  readonly range: Range<T>;
  readonly split: T;
  readonly left: MerkleNode<T>;
  readonly right: MerkleNode<T>;
  /** The node's hash, computed when first asked and forgotten when a partition is added below. */
  cached: Buffer | null;
}
type MerkleNode<T extends Token> = Leaf<T> | Inner<T>;

/** The depth that gives about one leaf per partition, within Cassandra's cap. */
export function depthFor(estimatedPartitions: number): number {
  if (!(estimatedPartitions > 1)) return 0;
  return Math.min(MAX_MERKLE_DEPTH, Math.ceil(Math.log2(estimatedPartitions)));
}

export class MerkleTree<T extends Token> {
  private constructor(
    readonly partitioner: Partitioner<T>,
    readonly range: Range<T>,
    readonly depth: number,
    private readonly root: MerkleNode<T>,
  ) {}

  static create<T extends Token>(partitioner: Partitioner<T>, range: Range<T>, depth: number): MerkleTree<T> {
    if (!Number.isInteger(depth) || depth < 0 || depth > MAX_MERKLE_DEPTH) throw new RangeError(`merkle depth ${depth} is not in 0..${MAX_MERKLE_DEPTH}`);
    const build = (r: Range<T>, level: number): MerkleNode<T> => {
      if (level < depth) {
        const split = partitioner.midpoint(r.left, r.right);
        const narrow = partitioner.compareTokens(split, r.left) === 0 || partitioner.compareTokens(split, r.right) === 0;
        if (!narrow) {
          return { kind: 'inner', range: r, split, left: build(new Range(partitioner, r.left, split), level + 1), right: build(new Range(partitioner, split, r.right), level + 1), cached: null };
        }
      }
      return { kind: 'leaf', range: r, hash: Buffer.alloc(HASH_BYTES), count: 0 };
    };
    return new MerkleTree(partitioner, range, depth, build(range, 0));
  }

  /** Mixes one partition's digest into the leaf holding `token`. */
  add(token: T, digest: Uint8Array): void {
    if (!this.range.contains(token)) throw new RangeError(`token ${this.partitioner.tokenToString(token)} is outside the tree's range`);
    let node = this.root;
    while (node.kind === 'inner') {
      node.cached = null;
      node = node.left.range.contains(token) ? node.left : node.right;
    }
    const n = Math.min(HASH_BYTES, digest.length);
    for (let i = 0; i < n; i++) node.hash[i]! ^= digest[i]!;
    node.count++;
  }

  /** The root hash. */
  hash(): Buffer {
    return hashOf(this.root);
  }

  /** Partitions added. */
  get partitions(): number {
    let total = 0;
    for (const leaf of leaves(this.root)) total += leaf.count;
    return total;
  }

  /**
   * The sub-ranges where two trees of the same range and depth disagree, adjacent ones merged,
   * in ring order from the range's left end.
   */
  static difference<T extends Token>(a: MerkleTree<T>, b: MerkleTree<T>): Range<T>[] {
    const p = a.partitioner;
    if (a.depth !== b.depth || p.compareTokens(a.range.left, b.range.left) !== 0 || p.compareTokens(a.range.right, b.range.right) !== 0) {
      throw new RangeError('merkle trees of different ranges or depths cannot be compared');
    }
    const out: Range<T>[] = [];
    const walk = (x: MerkleNode<T>, y: MerkleNode<T>): void => {
      if (hashOf(x).equals(hashOf(y))) return;
      if (x.kind === 'inner' && y.kind === 'inner') {
        walk(x.left, y.left);
        walk(x.right, y.right);
        return;
      }
      const last = out[out.length - 1];
      if (last !== undefined && p.compareTokens(last.right, x.range.left) === 0) out[out.length - 1] = new Range(p, last.left, x.range.right);
      else out.push(x.range);
    };
    walk(a.root, b.root);
    return out;
  }

  serialize(): Buffer {
    const w = new ByteWriter(64 + (HASH_BYTES + 4) * 2 ** Math.min(this.depth, 12));
    const p = this.partitioner;
    w.u8(VERSION).u8(this.depth).lenBytes(p.tokenToBytes(this.range.left)).lenBytes(p.tokenToBytes(this.range.right));
    const put = (node: MerkleNode<T>): void => {
      if (node.kind === 'inner') {
        w.u8(1).lenBytes(p.tokenToBytes(node.split));
        put(node.left);
        put(node.right);
      } else {
        w.u8(0).varint(node.count).bytes(node.hash);
      }
    };
    put(this.root);
    return w.toBuffer();
  }

  /** Reads `serialize`'s bytes; a malformed tree or one whose shape is not the canonical one throws a RangeError. */
  static deserialize<T extends Token>(partitioner: Partitioner<T>, bytes: Buffer): MerkleTree<T> {
    const r = new ByteReader(bytes);
    if (r.u8() !== VERSION) throw new RangeError('unknown merkle tree version');
    const depth = r.u8();
    const range = new Range(partitioner, partitioner.tokenFromBytes(r.lenBytes()), partitioner.tokenFromBytes(r.lenBytes()));
    const tree = MerkleTree.create(partitioner, range, depth);
    const fill = (node: MerkleNode<T>): void => {
      const tag = r.u8();
      if (node.kind === 'inner') {
        if (tag !== 1 || partitioner.compareTokens(partitioner.tokenFromBytes(r.lenBytes()), node.split) !== 0) throw new RangeError('merkle tree shape mismatch');
        fill(node.left);
        fill(node.right);
      } else {
        if (tag !== 0) throw new RangeError('merkle tree shape mismatch');
        node.count = r.varint();
        r.bytes(HASH_BYTES).copy(node.hash);
      }
    };
    fill(tree.root);
    if (r.remaining !== 0) throw new RangeError(`${r.remaining} stray bytes after a merkle tree`);
    return tree;
  }
}

function hashOf<T extends Token>(node: MerkleNode<T>): Buffer {
  if (node.kind === 'leaf') return node.hash;
  node.cached ??= createHash('sha256').update(hashOf(node.left)).update(hashOf(node.right)).digest();
  return node.cached;
}

function* leaves<T extends Token>(node: MerkleNode<T>): Generator<Leaf<T>> {
  if (node.kind === 'leaf') yield node;
  else {
    yield* leaves(node.left);
    yield* leaves(node.right);
  }
}
