/** The single-node DataStore lives in the service layer; re-exported for the CQL layer's callers. */
export { LocalDataStore } from '../../service/local-data-store.js';
