/**
 * max_value_size_in_mb: a cell value longer than the node's bound, met while reading an SSTable or
 * replaying the commit log, is damage, never data (Cassandra 4.0 checks it in
 * AbstractType.readBuffer, reached from Cell.Serializer.deserialize on both paths). The message is
 * Cassandra 4.0's.
 */
export function valueTooLong(length: number, boundBytes: number): string {
  return `Corrupt value length ${length} encountered, as it exceeds the maximum of ${boundBytes}, which is set via max_value_size_in_mb in cassandra.yaml`;
}
