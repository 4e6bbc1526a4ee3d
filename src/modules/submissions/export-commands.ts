// The internal commands of `storefront submissions export` (never typed on the command line): they run
// where the database is (this process, or the server holding the embedded database) and answer the
// caller's side (export-file.ts) with the field columns, then one page of rows at a time.
import { UsageError } from '../../cli/usage.js';
import { PAGE_LIMIT_MAX } from '../../db/paging.js';
import { SYSTEM } from '../../kernel/index.js';
import { EXPORT_COMMANDS, toExportRow } from './export-submissions.js';
import type { SubmissionsService } from './submissions-service.js';

const text = (input: Record<string, unknown>, name: string, required: boolean): string | undefined => {
  const v = input[name];
  if (v === undefined || v === null) {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} must be text`);
  return v;
};

export const exportCommands = {
  async [EXPORT_COMMANDS.columns](service: SubmissionsService, input: Record<string, unknown>) {
    const siteId = text(input, 'site', true)!;
    return { site_id: siteId, columns: await service.exportColumns(siteId, text(input, 'campaign', false)) };
  },
  async [EXPORT_COMMANDS.page](service: SubmissionsService, input: Record<string, unknown>) {
    const page = await service.list(SYSTEM, text(input, 'site', true)!, text(input, 'campaign', false), { limit: PAGE_LIMIT_MAX, cursor: text(input, 'cursor', false) });
    return { rows: page.items.map(toExportRow), next_cursor: page.nextCursor };
  },
};
