// Runs a command against the configured database: in this process, or through the running
// server when it holds the embedded database. A `caller` command runs here whichever it is, and
// reaches the database through an executor that connects on its first use. A command never makes
// a new database unasked (--init), and never acts with another master secret than the database's.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { migrate } from '../db/migrate.js';
import { DatabaseInUseError } from '../db/data-dir-lock.js';
import { openDatabase } from '../db/open-database.js';
import { createSecrets, loadMasterSecret, type Secrets } from '../secrets.js';
import { createServices } from '../services.js';
import { createIdTokens } from '../auth/id-tokens.js';
import { COMMANDS, INTERNAL_COMMANDS, type Executor, type Options } from './commands.js';
import { callControlSocket, controlSocketPath } from './control-socket.js';
import { UsageError } from './usage.js';
import { SecretMismatchError, sameFingerprint, secretFingerprint, verifyMasterSecret } from '../secret-fingerprint.js';
import { hasSchema } from '../db/migrate.js';

/** The database, opened here or reached through the server that holds it. */
interface Target {
  run(command: string, input: Record<string, unknown>, positionals?: string[]): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** What a command may do to a database that has no Storefront tables yet: make them (`--init`, or `migrate` on PostgreSQL, whose database an operator made on purpose), or refuse. */
interface ConnectOptions {
  migrate: boolean;
  mayCreate: boolean;
}

/** The embedded engine: whether DATA_DIR holds a database (PGlite's cluster marks itself with PG_VERSION). */
export const embeddedDatabaseExists = (dataDir: string): boolean => existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));

function noDatabase(config: Config): UsageError {
  return config.engine === 'pglite'
    ? new UsageError(
        `there is no Storefront database in ${config.dataDir} (DATA_DIR). Point DATA_DIR at the server's data (by default data/ in the project's folder, ` +
          'wherever you run the command), start the server once (npm start), or pass --init to create a new empty database there',
        false,
      )
    : new UsageError('the database at DATABASE_URL has no Storefront tables: run storefront migrate (or start the server) first, or pass --init', false);
}

/** Through the server that holds the embedded database: its master secret must be this one. */
async function checkServerSecret(socket: string, secrets: Secrets): Promise<void> {
  const answer = await callControlSocket(socket, { command: 'secret-fingerprint', options: {}, positionals: [] });
  const theirs = typeof answer?.fingerprint === 'string' ? answer.fingerprint : undefined;
  if (theirs !== undefined && !sameFingerprint(theirs, secretFingerprint(secrets))) throw new SecretMismatchError();
}

async function connect(config: Config, secrets: Secrets, options: ConnectOptions): Promise<Target> {
  let db;
  try {
    db = await openDatabase(config, { unbounded: true });
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err;
    // The embedded database belongs to a running server: ask it to run the commands.
    const socket = controlSocketPath(config.dataDir);
    let answered = false;
    await checkServerSecret(socket, secrets);
    return {
      async run(command, input, positionals = []) {
        const result = await callControlSocket(socket, { command, options: input, positionals });
        if (result) {
          answered = true;
          return result;
        }
        throw new Error(answered ? `the server stopped answering on ${socket}` : `${err.message} and it does not answer on ${socket}; stop it and retry`);
      },
      async close() {},
    };
  }
  const services = createServices({ config, db, secrets });
  const close = async () => {
    await services.close();
    await db.close();
  };
  try {
    const fresh = !(await hasSchema(db));
    if (fresh && !options.mayCreate) throw noDatabase(config);
    // Every command runs on a migrated database; `migrate` itself reports what it applied.
    if (options.migrate) await migrate(db);
    // (`migrate` on an empty database has no table to hold the fingerprint yet: the first
    // command or server start after it records it.)
    if (!fresh || options.migrate) await verifyMasterSecret(db, secrets);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    async run(command, input, positionals = []) {
      const internal = INTERNAL_COMMANDS[command];
      if (internal) return internal(services, input);
      const known = COMMANDS[command];
      if (known?.kind !== 'database') throw new UsageError(`${command} is not a database command`);
      return known.run(services, input as Options, positionals);
    },
    close,
  };
}

export async function runCommand(config: Config, name: string, options: Options, positionals: string[]) {
  const command = COMMANDS[name]!;
  const init = options.init === true;
  const mayCreate = init || (name === 'migrate' && config.engine === 'postgres');
  // The master secret, read once a command needs it; before, a DATA_DIR without a database is
  // refused (reading the secret there would generate a new one).
  const masterSecrets = (): Secrets => {
    if (!init && config.engine === 'pglite' && !embeddedDatabaseExists(config.dataDir)) throw noDatabase(config);
    return createSecrets(loadMasterSecret(config));
  };
  if (command.kind === 'offline') {
    // Without a database (`platform sign`), or with the secret checked on it (`token` signs with a
    // key of the master secret: only one the server shares is any use).
    const idTokens = async () => {
      const secrets = masterSecrets();
      await (await connect(config, secrets, { migrate: true, mayCreate })).close();
      return createIdTokens(config, secrets);
    };
    return command.run({ idTokens, platformSecret: config.platformSecret }, options, positionals);
  }
  const secrets = masterSecrets();
  if (command.kind === 'database') {
    const target = await connect(config, secrets, { migrate: name !== 'migrate', mayCreate });
    try {
      return await target.run(name, options, positionals);
    } finally {
      await target.close();
    }
  }
  // A caller command: the database is reached (opened, or found held by the server) when it first needs it.
  let target: Promise<Target> | undefined;
  const execute: Executor = async (internal, input) => {
    target ??= connect(config, secrets, { migrate: true, mayCreate });
    return (await target).run(internal, input);
  };
  try {
    return await command.run(execute, options, positionals);
  } finally {
    const opened = await target?.catch(() => undefined);
    await opened?.close();
  }
}
