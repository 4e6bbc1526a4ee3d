// Runs a command against the configured database: in this process, or through the running
// server when it holds the embedded database. A `caller` command runs here whichever it is, and
// reaches the database through an executor that connects on its first use.
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

/** The database, opened here or reached through the server that holds it. */
interface Target {
  run(command: string, input: Record<string, unknown>, positionals?: string[]): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

async function connect(config: Config, secrets: Secrets, options: { migrate: boolean }): Promise<Target> {
  let db;
  try {
    db = await openDatabase(config, { unbounded: true });
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err;
    // The embedded database belongs to a running server: ask it to run the commands.
    const socket = controlSocketPath(config.dataDir);
    let answered = false;
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
    // Every command runs on a migrated database; `migrate` itself reports what it applied.
    if (options.migrate) await migrate(db);
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
  const secrets = createSecrets(loadMasterSecret(config));
  if (command.kind === 'offline') {
    // `token` needs the secrets alone: no database is opened, so it works beside a running server.
    return command.run({ idTokens: createIdTokens(config, secrets), platformSecret: config.platformSecret }, options, positionals);
  }
  if (command.kind === 'database') {
    const target = await connect(config, secrets, { migrate: name !== 'migrate' });
    try {
      return await target.run(name, options, positionals);
    } finally {
      await target.close();
    }
  }
  // A caller command: the database is reached (opened, or found held by the server) when it first needs it.
  let target: Promise<Target> | undefined;
  const execute: Executor = async (internal, input) => {
    target ??= connect(config, secrets, { migrate: true });
    return (await target).run(internal, input);
  };
  try {
    return await command.run(execute, options, positionals);
  } finally {
    const opened = await target?.catch(() => undefined);
    await opened?.close();
  }
}
