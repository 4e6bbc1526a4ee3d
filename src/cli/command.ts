// What a command of the `storefront` command line is (CONTRACT §2), and how it reads its options.
// The core commands (cli/commands.ts) and the modules' own commands are all of this shape.
import type { ParseArgsConfig } from 'node:util';
import type { IdTokens } from '../auth/id-tokens.js';
import { UsageError } from './usage.js';

export type Options = Record<string, string | boolean | string[] | undefined>;
export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type Result = Promise<Record<string, unknown>>;

/** Runs an internal database command wherever the database is: in this process, or in the server holding it. */
export type Executor = (command: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** What commands without a database use: the local issuer and the platform secret. */
export interface OfflineTools {
  /** The local issuer, with the master secret checked against the database's first (so only asked for when needed). */
  idTokens(): Promise<IdTokens>;
  platformSecret: string | undefined;
}

interface CommandHead {
  /** The usage line(s), without the leading "storefront". */
  usage: string;
  options: OptionSpec;
  /** Takes positional arguments (`key revoke KEY_ID`). */
  positionals?: boolean;
}

/**
 * Where a command runs. `database`: with the services `S`, where the database is (this process, or
 * the server holding the embedded database, which is sent the options). `offline`: here, without a
 * database. `caller`: here, in the caller's directory (it reads the caller's files), reaching the
 * database through an executor of internal commands.
 */
export type Command<S> = CommandHead &
  (
    | { kind: 'database'; run(services: S, options: Options, positionals: string[]): Result }
    | { kind: 'offline'; run(tools: OfflineTools, options: Options, positionals: string[]): Result }
    | { kind: 'caller'; run(execute: Executor, options: Options, positionals: string[]): Result }
  );

/** A database command that only a `caller` command sends (never typed on the command line): its input is JSON. */
export type InternalCommand<S> = (services: S, input: Record<string, unknown>) => Result;

/** The same command, run with a part of the services (a module's own) picked from the whole. */
export function narrowCommand<All, S>(command: Command<S>, pick: (all: All) => S): Command<All> {
  if (command.kind !== 'database') return command;
  return { ...command, run: (all: All, options: Options, positionals: string[]) => command.run(pick(all), options, positionals) };
}

// Reading options -----------------------------------------------------------------------------

export const str = (o: Options, name: string, required = true): string | undefined => {
  const v = o[name];
  if (Array.isArray(v)) return v[v.length - 1];
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (required) throw new UsageError(`--${name} is required`);
  return undefined;
};

export const int = (o: Options, name: string, min: number, max: number): number | undefined => {
  const v = str(o, name, false);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return Number(v);
};

export const onOff = (o: Options, name: string): boolean | undefined => {
  const v = str(o, name, false);
  if (v === undefined) return undefined;
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new UsageError(`--${name} must be on or off`);
};

export const list = (o: Options, name: string): string[] => {
  const v = o[name];
  const values = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  return values.flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
};
