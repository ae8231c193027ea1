/**
 * The schema statements (one file each) and their preparers by kind.
 *
 * The schema statements, one file each (CREATE/ALTER/DROP KEYSPACE, TABLE, INDEX, TYPE; CREATE/DROP FUNCTION and AGGREGATE; CREATE/ALTER/DROP MATERIALIZED VIEW), applied
 * through `SchemaKeeper.alter` against the live schema at execution (`schema-statement.ts`: IF
 * [NOT] EXISTS that changes nothing is VOID, otherwise a schema-change event); the ILIUM extension
 * statements (`ilium-schema.ts`: `ILIUM SCHEMA`, `ILIUM ADD KEYSPACE
 */
import type { PreparerTable } from '../execution/index.js';
import { prepareAlterKeyspace } from './alter-keyspace.js';
import { prepareAlterTable } from './alter-table.js';
import { prepareAlterType } from './alter-type.js';
import { prepareCreateIndex } from './create-index.js';
import { prepareCreateKeyspace } from './create-keyspace.js';
import { prepareCreateTable } from './create-table.js';
import { prepareCreateType } from './create-type.js';
import { prepareDropIndex } from './drop-index.js';
import { prepareDropKeyspace } from './drop-keyspace.js';
import { prepareDropTable } from './drop-table.js';
import { prepareDropType } from './drop-type.js';
import { prepareCreateFunction } from './create-function.js';
import { prepareCreateAggregate } from './create-aggregate.js';
import { prepareDropAggregate, prepareDropFunction } from './drop-function.js';
import { prepareCreateMaterializedView } from './create-view.js';
import { prepareAlterMaterializedView } from './alter-view.js';
import { prepareDropMaterializedView } from './drop-view.js';
import { prepareDescribe } from '../describe/describe.js';
import { prepareIliumSchema, prepareIliumSchemaChange } from './ilium-schema.js';

export const SCHEMA_PREPARERS: PreparerTable = {
  createKeyspace: prepareCreateKeyspace,
  alterKeyspace: prepareAlterKeyspace,
  dropKeyspace: prepareDropKeyspace,
  createTable: prepareCreateTable,
  alterTable: prepareAlterTable,
  dropTable: prepareDropTable,
  createIndex: prepareCreateIndex,
  dropIndex: prepareDropIndex,
  createType: prepareCreateType,
  alterType: prepareAlterType,
  dropType: prepareDropType,
  createFunction: prepareCreateFunction,
  dropFunction: prepareDropFunction,
  createAggregate: prepareCreateAggregate,
  dropAggregate: prepareDropAggregate,
  createMaterializedView: prepareCreateMaterializedView,
  alterMaterializedView: prepareAlterMaterializedView,
  dropMaterializedView: prepareDropMaterializedView,
  describe: prepareDescribe,
  iliumSchema: prepareIliumSchema,
  iliumSchemaChange: prepareIliumSchemaChange,
};
