import { COMPRESSIONS, type FrameCompressor, ProtocolViolation, SUPPORTED_VERSION_NAMES, compressorFor } from '../protocol/index.js';

/**
 * STARTUP options (v4 spec §4.1.1) and the SUPPORTED answer to OPTIONS. CQL_VERSION is required
 * and must be a 3.x version; COMPRESSION, when present, must be one we offer. Other options
 * (DRIVER_NAME, DRIVER_VERSION, CLIENT_ID, NO_COMPACT…) are passed on to the query layer
 * untouched. THROW_ON_OVERLOAD=true (any case, as Java's Boolean.parseBoolean reads it) asks for
 * OVERLOADED answers rather than backpressure when request bytes in flight are over their limits.
 */
export interface StartupChoice {
  readonly cqlVersion: string;
  readonly compressor: FrameCompressor | undefined;
  readonly throwOnOverload: boolean;
}

export function readStartupOptions(options: ReadonlyMap<string, string>): StartupChoice {
  const cqlVersion = options.get('CQL_VERSION');
  if (cqlVersion === undefined) throw new ProtocolViolation('CQL_VERSION is mandatory in STARTUP');
  if (!/^3(\.\d+){0,2}$/.test(cqlVersion)) {
    throw new ProtocolViolation(`CQL_VERSION ${cqlVersion} is not supported (3.x expected)`);
  }
  const throwOnOverload = options.get('THROW_ON_OVERLOAD')?.toLowerCase() === 'true';
  const name = options.get('COMPRESSION');
  if (name === undefined || name === '') return { cqlVersion, compressor: undefined, throwOnOverload };
  const compressor = compressorFor(name);
  if (compressor === undefined) {
    throw new ProtocolViolation(`unknown compression algorithm: ${name} (supported: ${COMPRESSIONS.join(', ')})`);
  }
  return { cqlVersion, compressor, throwOnOverload };
}

export function supportedOptions(cqlVersions: readonly string[]): Map<string, string[]> {
  return new Map([
    ['CQL_VERSION', [...cqlVersions]],
    ['COMPRESSION', [...COMPRESSIONS]],
    ['PROTOCOL_VERSIONS', [...SUPPORTED_VERSION_NAMES]],
  ]);
}
