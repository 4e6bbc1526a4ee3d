/** A wrong command line or configuration, or a file the command cannot use: exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';

  /** `showUsage`: print the usage text after the message (not for a problem with a file's content). */
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

/** The command ran and has a result to print, but failed (a record of an import): exit 1 after printing it. */
export class CommandFailed extends Error {
  override name = 'CommandFailed';

  constructor(
    message: string,
    readonly result: Record<string, unknown>,
  ) {
    super(message);
  }
}
