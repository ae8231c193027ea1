import { type ResultMessage, resultMetadataId } from '../protocol/index.js';

const NO_COLUMNS_ID = resultMetadataId([]);

/**
 * v5's answer to an EXECUTE whose result columns are no longer those the client holds (`held`, the
 * result_metadata_id it sent): the rows go with Metadata_changed, the new id and full metadata, so
 * the driver replaces its copy (v5 spec §4.2.5.2). As in Cassandra 4.0 (ExecuteMessage), a
 * statement prepared without result columns (a conditional update: its [applied] rows are always
 * sent with their metadata) is not flagged.
 */
export function announceMetadataChange(result: ResultMessage, held: Buffer): ResultMessage {
  if (result.kind !== 'rows' || held.equals(NO_COLUMNS_ID)) return result;
  const current = resultMetadataId(result.metadata.columns);
  if (current.equals(held)) return result;
  return { ...result, metadata: { ...result.metadata, newMetadataId: current } };
}
