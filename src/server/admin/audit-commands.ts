/**
 * `nodetool enableauditlog [options]` and `disableauditlog`, as Cassandra 4.0's nodetool has them:
 * enable starts from cassandra.yaml's audit_logging_options, each option given replacing that
 * key (a comma-separated list; an empty string clears it); disable stops logging.
 */
import { type AuditLogOptions, auditCategoriesOf, auditListOf, parseAuditLogOptions } from '../../config/index.js';
import { ConfigurationError, InvalidRequestError } from '../../errors/index.js';
import type { AuditLog } from '../audit/index.js';
import { AUDIT_LOG_LIST_OPTIONS as LIST_OPTIONS } from './nodetool-commands.js';


export const ENABLE_AUDIT_LOG_USAGE = `usage: enableauditlog [--logger FileAuditLogger] [${Object.keys(LIST_OPTIONS).map((o) => `${o} a,b`).join('] [')}]`;

/** The options `args` give over `base` (the yaml's). */
export function enableAuditLogOptions(base: AuditLogOptions, args: readonly string[]): AuditLogOptions {
  const given: Record<string, unknown> = { ...base, enabled: true, logger: 'FileAuditLogger' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = args[i + 1];
    if (value === undefined || (!(a in LIST_OPTIONS) && a !== '--logger')) throw new InvalidRequestError(`${value === undefined && (a in LIST_OPTIONS || a === '--logger') ? `${a} needs a value` : `unknown option ${a}`}; ${ENABLE_AUDIT_LOG_USAGE}`);
    i++;
    try {
      if (a === '--logger') given.logger = value;
      else {
        const key = LIST_OPTIONS[a as keyof typeof LIST_OPTIONS];
        const list = auditListOf(value, a);
        given[key] = key.endsWith('categories') ? auditCategoriesOf(list, a) : list;
      }
    } catch (e) {
      throw new InvalidRequestError((e as Error).message);
    }
  }
  try {
    return parseAuditLogOptions(given);
  } catch (e) {
    if (e instanceof ConfigurationError) throw new InvalidRequestError(e.message);
    throw e;
  }
}

export function auditLogCommands(audit: AuditLog, base: AuditLogOptions): Record<'enableauditlog' | 'disableauditlog', (args: readonly string[]) => unknown> {
  return {
    enableauditlog: (args) => {
      audit.enable(enableAuditLogOptions(base, args));
      return { enabled: true, dir: audit.dir, options: audit.options };
    },
    disableauditlog: (args) => {
      if (args.length > 0) throw new InvalidRequestError('usage: disableauditlog');
      audit.disable();
      return { enabled: false };
    },
  };
}
