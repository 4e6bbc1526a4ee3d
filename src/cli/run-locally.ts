// Runs a command against the configured database: in this process, or through the running
// server when it holds the embedded database.
import type { Config } from '../config.js';
import { migrate } from '../db/migrate.js';
import { DatabaseInUseError } from '../db/data-dir-lock.js';
import { openDatabase } from '../db/open-database.js';
import { createSecrets, loadMasterSecret } from '../secrets.js';
import { createServices } from '../services.js';
import { createIdTokens } from '../auth/id-tokens.js';
import { COMMANDS, type Options } from './commands.js';
import { callControlSocket, controlSocketPath } from './control-socket.js';

export async function runCommand(config: Config, name: string, options: Options, positionals: string[]) {
  const command = COMMANDS[name]!;
  const secrets = createSecrets(loadMasterSecret(config));
  if (!command.database) {
    // `token` needs the secrets alone: no database is opened, so it works beside a running server.
    return command.run({ idTokens: createIdTokens(config, secrets), platformSecret: config.platformSecret }, options, positionals);
  }
  let db;
  try {
    db = await openDatabase(config, { unbounded: true });
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err;
    // The embedded database belongs to a running server: ask it to run the command.
    const result = await callControlSocket(controlSocketPath(config.dataDir), { command: name, options, positionals });
    if (result) return result;
    throw new Error(`${err.message} and it does not answer on ${controlSocketPath(config.dataDir)}; stop it and retry`);
  }
  const services = createServices({ config, db, secrets });
  try {
    // Every command runs on a migrated database; `migrate` itself reports what it applied.
    if (name !== 'migrate') await migrate(db);
    return await command.run(services, options, positionals);
  } finally {
    await services.close();
    await db.close();
  }
}
