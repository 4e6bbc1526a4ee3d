// The `storefront` command line (CONTRACT §2). Reads the same configuration as the server.
// Exit codes: 0 done, 1 the operation was refused or failed, 2 usage or configuration error.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { SecretMismatchError } from '../secret-fingerprint.js';
import { AppError } from '../errors.js';
import { COMMANDS } from './commands.js';
import type { Options, OptionSpec } from './command.js';
import { CommandFailed, UsageError } from './usage.js';
import { runCommand } from './run-locally.js';

const COMMON: OptionSpec = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, init: { type: 'boolean' } };
const SERVE: OptionSpec = { port: { type: 'string' }, host: { type: 'string' } };
const OPTIONS: Record<string, OptionSpec> = {
  serve: SERVE,
  ...Object.fromEntries(Object.entries(COMMANDS).map(([name, c]) => [name, c.options])),
};

export const USAGE = `Usage: storefront <command> [options]   (add --json for one JSON object on stdout)

  serve [--port 8080] [--host 127.0.0.1]        start the API
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}

Configuration comes from the environment (DATABASE_URL, DATA_DIR, STOREFRONT_SECRET, …); see docs/configuration.md.
DATA_DIR defaults to data/ in the project's folder, wherever you run the command. A command refuses
to create a database that does not exist yet unless you pass --init.`;

function commandOf(argv: string[]): { name: string; rest: string[] } | undefined {
  for (const words of [3, 2, 1]) {
    const name = argv.slice(0, words).join(' ');
    if (OPTIONS[name]) return { name, rest: argv.slice(words) };
  }
  return undefined;
}

function print(result: Record<string, unknown>, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const width = Math.max(...Object.keys(result).map((k) => k.length));
  for (const [k, v] of Object.entries(result)) {
    const text = Array.isArray(v)
      ? v.map((x) => (typeof x === 'object' && x !== null ? `\n    ${Object.values(x).join(': ')}` : String(x))).join(typeof v[0] === 'object' ? '' : ', ')
      : typeof v === 'object' && v !== null
        ? JSON.stringify(v)
        : String(v);
    process.stdout.write(`${k.padEnd(width)}  ${text}\n`);
  }
}

function fail(err: unknown, json: boolean): number {
  const code = err instanceof UsageError || err instanceof ConfigError || err instanceof SecretMismatchError ? 2 : 1;
  const message = err instanceof Error ? err.message : String(err);
  if (json) {
    const errorCode = err instanceof AppError ? err.code : err instanceof SecretMismatchError ? 'secret_mismatch' : code === 2 ? 'usage' : 'failed';
    process.stdout.write(`${JSON.stringify({ error: { code: errorCode, message } })}\n`);
  }
  process.stderr.write(`storefront: ${message}\n${err instanceof UsageError && err.showUsage ? `\n${USAGE}\n` : ''}`);
  return code;
}

export async function main(argv: string[]): Promise<number> {
  const command = commandOf(argv);
  if (!command) {
    const help = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (help ? process.stdout : process.stderr).write(`${help ? '' : `storefront: unknown command "${argv.join(' ')}"\n\n`}${USAGE}\n`);
    return help ? 0 : 2;
  }
  let values: Options;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: command.rest,
      options: { ...COMMON, ...OPTIONS[command.name] },
      allowPositionals: COMMANDS[command.name]?.positionals === true,
      strict: true,
    }) as { values: Options; positionals: string[] });
  } catch (err) {
    return fail(new UsageError((err as Error).message), argv.includes('--json'));
  }
  const json = values.json === true;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const config = loadConfig(process.env, {
      port: typeof values.port === 'string' ? values.port : undefined,
      host: typeof values.host === 'string' ? values.host : undefined,
    });
    if (command.name === 'serve') {
      const { startServer } = await import('../server.js');
      await startServer(config);
      return -1; // keeps running
    }
    print(await runCommand(config, command.name, values, positionals), json);
    return 0;
  } catch (err) {
    if (err instanceof CommandFailed) {
      // It ran and failed in part (records of an import): its whole result, then why it exits 1.
      print(err.result, json);
      process.stderr.write(`storefront: ${err.message}\n`);
      return 1;
    }
    return fail(err, json);
  }
}
