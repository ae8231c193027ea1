/**
 * What a Thrift IDL file declares, as the parser (`idl-parser.ts`) reads it: enums, structs and
 * exceptions with their numbered fields, and services with their methods. Types are left as
 * written (a name refers to an enum, struct or exception declared in the same file).
 */

export type IdlBaseType = 'bool' | 'byte' | 'i16' | 'i32' | 'i64' | 'double' | 'string' | 'binary';

export type IdlType =
  | { readonly kind: 'base'; readonly name: IdlBaseType }
  | { readonly kind: 'named'; readonly name: string }
  | { readonly kind: 'list'; readonly elem: IdlType }
  | { readonly kind: 'set'; readonly elem: IdlType }
  | { readonly kind: 'map'; readonly key: IdlType; readonly value: IdlType };

export type IdlConst = string | number | boolean | { readonly enumValue: string };

export interface IdlField {
  readonly id: number;
  readonly name: string;
  readonly type: IdlType;
  /** 'default' is Thrift's unmarked requiredness (written always, read if present). */
  readonly requiredness: 'required' | 'optional' | 'default';
  readonly defaultValue?: IdlConst;
}

export interface IdlStruct {
  readonly kind: 'struct' | 'exception';
  readonly name: string;
  readonly fields: readonly IdlField[];
}

export interface IdlEnum {
  readonly name: string;
  readonly values: ReadonlyMap<string, number>;
}

export interface IdlMethod {
  readonly name: string;
  /** null for void. */
  readonly returns: IdlType | null;
  readonly oneway: boolean;
  readonly args: readonly IdlField[];
  readonly throws: readonly IdlField[];
}

export interface IdlService {
  readonly name: string;
  readonly methods: readonly IdlMethod[];
}

export interface IdlDocument {
  readonly enums: ReadonlyMap<string, IdlEnum>;
  readonly structs: ReadonlyMap<string, IdlStruct>;
  readonly services: ReadonlyMap<string, IdlService>;
  readonly consts: ReadonlyMap<string, IdlConst>;
}
