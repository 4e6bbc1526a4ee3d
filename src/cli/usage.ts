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

export const USAGE = `Usage: storefront <command> [options]   (add --json for one JSON object on stdout)

  serve [--port 8080] [--host 127.0.0.1]        start the API
  migrate                                       apply database migrations
  site create --name N --origin URL [--origin URL…] [--publisher] --owner USER
  site update --site SITE [--max-touches N] [--publisher on|off] [--name N] [--origin URL…]
  site member add --site SITE --user USER [--role member|owner]
  key create --site SITE --scopes s1,s2 [--name N] [--rate-limit N]
  key revoke KEY_ID
  token --user USER [--ttl 3600]                ID token from the local issuer
  platform sign --method M --path P [--body B]  X-Platform-Signature for one /api/admin request (single use, 300 s)
  click-ids rotate                              re-encrypt click ids with the first CLICK_ID_KEYS key
  click-ids purge [--older-than 400]            drop encrypted click ids of touches older than DAYS
  publisher import --site SITE --provider awin|cj --file F [--format canonical|awin|cj] [--currency EUR] [--timezone Europe/Paris]
                                                import a network report (JSON array, object or JSON Lines);
                                                F is read here, relative to this directory, and its records are sent

Configuration comes from the environment (DATABASE_URL, DATA_DIR, STOREFRONT_SECRET, …); see README.md.`;
