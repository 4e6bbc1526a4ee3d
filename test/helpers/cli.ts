// Runs the real `storefront` command in a child process.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const BIN = path.resolve(import.meta.dirname, '../../bin/storefront.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * `options.cwd`: the command's working directory (default: this process's). `options.tty`: run it on
 * a pseudo-terminal (util-linux `script`), as a person at a terminal would; stdout then holds what the
 * terminal showed, stderr included.
 */
export function runCli(args: string[], env: Record<string, string | undefined>, options: { cwd?: string; tty?: boolean } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const [file, argv] = options.tty
      ? ['script', ['-qefc', [process.execPath, BIN, ...args].map(shellQuote).join(' '), '/dev/null']]
      : [process.execPath, [BIN, ...args]];
    const child = spawn(file, argv, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}
