// On the embedded engine the server owns the database file, so the command line cannot open it
// while the server runs. The server therefore listens on a Unix socket in DATA_DIR (mode 0600:
// only the user who can read the database files anyway) and runs the same commands for the CLI.
// One JSON request per connection, one JSON answer.
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { COMMANDS, type Options } from './commands.js';
import { UsageError } from './usage.js';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

interface ControlRequest {
  command: string;
  options: Options;
  positionals: string[];
}

type ControlResponse =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; error: { kind: 'app' | 'usage' | 'other'; code?: string; message: string } };

export async function serveControlSocket(file: string, services: Services): Promise<net.Server | undefined> {
  if (file.length > 100) return undefined; // beyond the platform's socket path limit
  if (existsSync(file)) unlinkSync(file); // left by a process that died; the data-dir lock says we own DATA_DIR
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      buffer += chunk;
      if (buffer.length > 1_000_000) socket.destroy();
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      void answer(buffer.slice(0, end)).then((response) => socket.end(`${JSON.stringify(response)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });

  async function answer(line: string): Promise<ControlResponse> {
    try {
      const request = JSON.parse(line) as ControlRequest;
      const command = COMMANDS[request.command];
      if (!command?.database) throw new UsageError(`the server does not run ${request.command}`);
      return { ok: true, result: await command.run(services, request.options ?? {}, request.positionals ?? []) };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, error: { kind: 'app', code: err.code, message: err.message } };
      if (err instanceof UsageError) return { ok: false, error: { kind: 'usage', message: err.message } };
      return { ok: false, error: { kind: 'other', message: 'the server could not run the command' } };
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return server;
}

/** Sends a command to the running server; undefined when no server answers on the socket. */
export async function callControlSocket(file: string, request: ControlRequest): Promise<Record<string, unknown> | undefined> {
  const response = await new Promise<ControlResponse | undefined>((resolve) => {
    const socket = net.connect(file);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => (buffer += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buffer) as ControlResponse);
      } catch {
        resolve(undefined);
      }
    });
    socket.on('error', () => resolve(undefined));
  });
  if (!response) return undefined;
  if (response.ok) return response.result;
  if (response.error.kind === 'app') throw new AppError(response.error.code as never, response.error.message);
  if (response.error.kind === 'usage') throw new UsageError(response.error.message);
  throw new Error(response.error.message);
}
