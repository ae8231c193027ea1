/**
 * Grammar of role and legacy user statements: CREATE / ALTER / DROP ROLE and USER, LIST ROLES,
 * LIST USERS. Each starts after ROLE(S) or USER(S).
 */
import type {
  AlterRoleStatement,
  AlterUserStatement,
  CreateRoleStatement,
  CreateUserStatement,
  DropRoleStatement,
  DropUserStatement,
  ListRolesStatement,
  RoleOptions,
} from './ast-auth.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseRoleName } from './parse-names.js';
import { parsePropertyMap } from './parse-properties.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

const NO_ROLE_OPTIONS: RoleOptions = Object.freeze({
  password: null, hashedPassword: null, login: null, superuser: null, options: null, datacenters: null,
});

export function parseCreateRole(c: TokenCursor): CreateRoleStatement {
  const ifNotExists = parseIfNotExists(c);
  const role = parseRoleName(c);
  return { kind: 'createRole', role, ifNotExists, options: c.acceptWord('with') ? parseRoleOptions(c) : NO_ROLE_OPTIONS };
}

export function parseAlterRole(c: TokenCursor): AlterRoleStatement {
  const ifExists = parseIfExists(c);
  const role = parseRoleName(c);
  return { kind: 'alterRole', role, ifExists, options: c.acceptWord('with') ? parseRoleOptions(c) : NO_ROLE_OPTIONS };
}

export function parseDropRole(c: TokenCursor): DropRoleStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropRole', role: parseRoleName(c), ifExists };
}

/** After LIST ROLES: `[OF role] [NORECURSIVE]`. */
export function parseListRoles(c: TokenCursor): ListRolesStatement {
  const of = c.acceptWord('of') ? parseRoleName(c) : null;
  return { kind: 'listRoles', of, recursive: !c.acceptWord('norecursive') };
}

function expectString(c: TokenCursor, what: string): string {
  const t = c.peek();
  if (t.kind !== TokenKind.String) c.fail(what);
  c.advance();
  return t.text;
}

function expectBoolean(c: TokenCursor): boolean {
  if (c.acceptWord('true')) return true;
  if (c.acceptWord('false')) return false;
  return c.fail('true or false');
}

function parseRoleOptions(c: TokenCursor): RoleOptions {
  let password: string | null = null;
  let hashedPassword: string | null = null;
  let login: boolean | null = null;
  let superuser: boolean | null = null;
  let options: ReadonlyMap<string, string> | null = null;
  let datacenters: readonly string[] | 'all' | null = null;
  const seen = new Set<string>();
  do {
    const at = c.peek();
    const option = at.kind === TokenKind.Word ? at.text : '';
    if (option === 'hashed') {
      c.advance();
      c.expectWord('password');
    } else if (option === 'password' || option === 'login' || option === 'superuser' || option === 'options' || option === 'access') {
      c.advance();
    } else {
      c.fail('PASSWORD, HASHED PASSWORD, LOGIN, SUPERUSER, OPTIONS or ACCESS TO');
    }
    if (seen.has(option)) c.failWith(`role option ${option.toUpperCase()} is given more than once`, at);
    seen.add(option);
    switch (option) {
      case 'access':
        c.expectWord('to');
        if (c.acceptWord('all')) {
          c.expectWord('datacenters');
          datacenters = 'all';
        } else {
          c.expectWord('datacenters');
          c.expectSymbol('{');
          const dcs: string[] = [];
          do dcs.push(expectString(c, "a datacenter name as a 'string'"));
          while (c.acceptSymbol(','));
          c.expectSymbol('}');
          datacenters = dcs;
        }
        break;
      case 'hashed':
        c.expectSymbol('=');
        hashedPassword = expectString(c, "a hashed password as a 'string'");
        break;
      case 'password':
        c.expectSymbol('=');
        password = expectString(c, "a password as a 'string'");
        break;
      case 'login':
        c.expectSymbol('=');
        login = expectBoolean(c);
        break;
      case 'superuser':
        c.expectSymbol('=');
        superuser = expectBoolean(c);
        break;
      case 'options':
        c.expectSymbol('=');
        options = parsePropertyMap(c);
        break;
    }
  } while (c.acceptWord('and'));
  if (password !== null && hashedPassword !== null) c.failWith("PASSWORD and HASHED PASSWORD exclude each other", c.previous());
  return { password, hashedPassword, login, superuser, options, datacenters };
}

/** A legacy user name: an unquoted word or a 'string', case kept as written. */
function parseUserName(c: TokenCursor): string {
  const t = c.peek();
  if (t.kind === TokenKind.String) {
    c.advance();
    return t.text;
  }
  if (t.kind === TokenKind.QuotedName) c.failWith('user names cannot be "quoted"; use a \'string\' or switch to ROLE');
  if (!c.isName()) c.fail('a user name');
  c.advance();
  return c.raw(t);
}

interface UserOptions {
  password: string | null;
  hashedPassword: string | null;
  superuser: boolean | null;
}

/** `[WITH [HASHED] PASSWORD 'x'] [SUPERUSER | NOSUPERUSER]`. */
function parseUserOptions(c: TokenCursor): UserOptions {
  const options: UserOptions = { password: null, hashedPassword: null, superuser: null };
  if (c.acceptWord('with')) {
    const hashed = c.acceptWord('hashed');
    c.expectWord('password');
    const value = expectString(c, "a password as a 'string'");
    if (hashed) options.hashedPassword = value;
    else options.password = value;
  }
  if (c.acceptWord('superuser')) options.superuser = true;
  else if (c.acceptWord('nosuperuser')) options.superuser = false;
  return options;
}

export function parseCreateUser(c: TokenCursor): CreateUserStatement {
  const ifNotExists = parseIfNotExists(c);
  const user = parseUserName(c);
  return { kind: 'createUser', user, ifNotExists, ...parseUserOptions(c) };
}

export function parseAlterUser(c: TokenCursor): AlterUserStatement {
  const ifExists = parseIfExists(c);
  const user = parseUserName(c);
  return { kind: 'alterUser', user, ifExists, ...parseUserOptions(c) };
}

export function parseDropUser(c: TokenCursor): DropUserStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropUser', user: parseUserName(c), ifExists };
}
