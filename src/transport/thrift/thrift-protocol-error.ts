/**
 * Bytes that do not follow the binary protocol: a truncated value, a negative or impossible
 * size, an unknown type id, nesting deeper than we allow, a string that is not UTF-8. The
 * reader throws it with a path ("get_args.column_path.column_family") so that the answer tells
 * the client which field was wrong.
 */
export class ThriftProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThriftProtocolError';
  }
}
