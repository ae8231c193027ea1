/**
 * `pushAll(target, items)`: appends every item, one push each. A spread push (`target.push(...items)`) passes the
 * items as call arguments, and an array of some 100k+ elements overflows the call stack
 * ("Maximum call stack size exceeded", issue 16), so arrays whose size a client decides are
 * appended with this.
 */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
