// Runs a command against the configured database in this process.
import type { Config } from '../config.js';
import { migrate, type MigrateResult } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { createSecrets, loadMasterSecret } from '../secrets.js';
import { createServices } from '../services.js';
import type { Command, Options } from './commands.js';

export async function migrateOnly(config: Config): Promise<MigrateResult> {
  const db = await openDatabase(config);
  try {
    return await migrate(db);
  } finally {
    await db.close();
  }
}

export async function runLocally(config: Config, command: Command, options: Options, positionals: string[]) {
  const secrets = createSecrets(loadMasterSecret(config));
  if (!command.database) {
    const services = createServices({ config, db: undefined as never, secrets });
    return command.run(services, options, positionals);
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    return await command.run(createServices({ config, db, secrets }), options, positionals);
  } finally {
    await db.close();
  }
}
