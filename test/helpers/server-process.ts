// Starts the real server (`storefront serve --port 0`) in a child process and finds its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from './cli.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startServerProcess(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let settled = false;
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}\n${err}`)), 180_000); // a fresh embedded database (initdb) on a busy 2-core machine can take a minute
    function fail(e: Error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    }
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const m = /"url":"(http:\/\/[^"]+)","msg":"storefront listening"/.exec(out);
      if (m && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          child,
          stdout: () => out,
          stderr: () => err,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('exit', (code) => fail(new Error(`server exited with ${code}:\n${out}\n${err}`)));
  });
}
