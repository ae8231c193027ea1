import { MemDir, MemFile, type MemNode } from './memory-inode.js';

/**
 * What a power loss leaves of a `MemoryFileSystem` tree: from the root, each directory keeps only
 * its durable entries and each file only its synced bytes, plus, when `tornTailLength` is given,
 * that many bytes of its unsynced appended tail (a torn write). Hard links stay shared inodes.
 * A directory reachable twice (an unsynced rename of a directory) is kept at its first path in
 * name order, so the result is always a tree.
 */
export function crashImage(root: MemDir, tornTailLength: ((unsyncedBytes: number) => number) | null): MemDir {
  const files = new Map<MemFile, MemFile>();
  const dirs = new Set<MemDir>();

  const survivor = (node: MemNode): MemNode | null => {
    if (node.kind === 'dir') {
      if (dirs.has(node)) return null;
      dirs.add(node);
      const out = new MemDir();
      const names = [...node.durableEntries().keys()].sort();
      for (const name of names) {
        const child = survivor(node.durableEntries().get(name)!);
        if (child !== null) out.entries.set(name, child);
      }
      out.sync();
      return out;
    }
    let file = files.get(node);
    if (file === undefined) {
      const tail = node.unsyncedTail();
      const keep = tornTailLength === null || tail.length === 0 ? 0 : tornTailLength(tail.length);
      file = MemFile.durable(Buffer.concat([node.durableContents(), tail.subarray(0, keep)]));
      files.set(node, file);
    }
    return file;
  };

  return survivor(root) as MemDir;
}
