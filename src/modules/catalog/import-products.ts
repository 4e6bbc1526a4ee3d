// `storefront products import --site S --file F`: the caller's side reads F (JSON Lines or CSV,
// relative to the caller's working directory; cli/record-import.ts) and sends its products in
// chunks through the internal command `catalog import-products`, which runs where the database is:
// it checks the site (the command line acts as the system) and writes the chunk as a bulk request
// is written, each product alone (the same check, the same use case).
import type { Executor } from '../../cli/command.js';
import { importRecordFile, CHUNK_RECORDS, type ImportSummary } from '../../cli/record-import.js';
import { UsageError } from '../../cli/usage.js';
import { SYSTEM } from '../../kernel/index.js';
import { toBulkResult } from './bulk-result.js';
import { PRODUCTS_CSV } from './csv-products.js';
import { checkProductItem } from './product-input.js';
import type { ProductsService } from './products-service.js';

/** The internal command that checks the site and writes one chunk (no products: the check alone). */
export const IMPORT_PRODUCTS_COMMAND = 'catalog import-products';

/** The internal command: `{ site, products }` → `{ site_id, results }` (each product's result, as a bulk request's). */
export async function importProductsCommand(products: ProductsService, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const site = input.site;
  if (typeof site !== 'string' || site === '') throw new UsageError('--site is required');
  const sent = input.products ?? [];
  if (!Array.isArray(sent)) throw new UsageError('the products of an import must be an array');
  if (sent.length > CHUNK_RECORDS) throw new UsageError(`at most ${CHUNK_RECORDS} products a chunk`);
  const now = Date.now();
  const items = sent.map((value: unknown) => ({ pointer: '', checked: checkProductItem(value, '', now) }));
  const outcomes = await products.write(SYSTEM, site, items);
  return { site_id: site, results: toBulkResult(sent, outcomes).results };
}

/** Reads the file here and imports its products through `execute`; the summary, or CommandFailed (with it) when any product failed. */
export function importProductsFile(execute: Executor, opts: { siteId: string; file: string; progress: boolean }): Promise<ImportSummary> {
  return importRecordFile(execute, {
    file: opts.file,
    command: IMPORT_PRODUCTS_COMMAND,
    input: { site: opts.siteId },
    records: 'products',
    csv: PRODUCTS_CSV,
    progress: opts.progress,
  });
}
