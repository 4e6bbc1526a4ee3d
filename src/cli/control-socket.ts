// On the embedded engine the server owns the database file, so the command line cannot open it
// while the server runs. The server therefore listens on a Unix socket in DATA_DIR (mode 0600:
// only the user who can read the database files anyway) and runs the same commands for the CLI,
// and the internal ones a command run on the caller's side sends (a chunk of an import's records).
// One JSON request a connection (one line), one JSON answer.
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AppError, isErrorCode } from '../errors.js';
import type { Services } from '../services.js';
import { COMMANDS, INTERNAL_COMMANDS, type Options } from './commands.js';
import { UsageError } from './usage.js';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** The largest request (characters of its JSON line): a chunk of an import is far smaller. */
export const MAX_REQUEST_CHARS = 4 * 1024 * 1024;
/** A client that keeps sending past this after its request was refused is cut off. */
const MAX_DISCARDED_CHARS = 64 * 1024 * 1024;

interface ControlRequest {
  command: string;
  /** A command's options, or an internal command's JSON input. */
  options: Record<string, unknown>;
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
    let received = 0;
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk.length;
      if (answered) {
        // A refused request still arriving: read and dropped, so the client reads the answer.
        if (received > MAX_DISCARDED_CHARS) socket.destroy();
        return;
      }
      const end = chunk.indexOf('\n');
      buffer += end < 0 ? chunk : chunk.slice(0, end);
      if (buffer.length > MAX_REQUEST_CHARS) {
        answered = true;
        buffer = '';
        const refusal: ControlResponse = { ok: false, error: { kind: 'usage', message: `the request is larger than ${MAX_REQUEST_CHARS / 1024 / 1024} MiB` } };
        socket.end(`${JSON.stringify(refusal)}\n`);
        return;
      }
      if (end < 0) return;
      answered = true;
      const line = buffer;
      buffer = '';
      void answer(line).then((response) => socket.end(`${JSON.stringify(response)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });

  async function answer(line: string): Promise<ControlResponse> {
    try {
      const request = JSON.parse(line) as ControlRequest;
      const input = request.options ?? {};
      const internal = INTERNAL_COMMANDS[request.command];
      if (internal) return { ok: true, result: await internal(services, input) };
      const command = COMMANDS[request.command];
      if (command?.kind !== 'database') throw new UsageError(`the server does not run ${request.command}`);
      return { ok: true, result: await command.run(services, input as Options, request.positionals ?? []) };
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
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      try {
        resolve(JSON.parse(buffer) as ControlResponse);
      } catch {
        resolve(undefined);
      }
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => (buffer += chunk));
    socket.on('end', settle);
    // An error after the whole answer arrived (the server refused a request still being written) keeps the answer.
    socket.on('error', settle);
    socket.on('close', settle);
  });
  if (!response) return undefined;
  if (response.ok) return response.result;
  if (response.error.kind === 'app' && isErrorCode(response.error.code)) throw new AppError(response.error.code, response.error.message);
  if (response.error.kind === 'usage') throw new UsageError(response.error.message);
  throw new Error(response.error.message);
}
