// A products CSV (for `storefront products import`), pure: a header row, then one product a row.
// Columns (any order; others are ignored): product_id, title, url, price, currency, availability
// (required), and group_id, description, image_media_id, image_url, sale_price, categories, brand,
// updated_at, and one `attributes.<name>` column per attribute. Cells are trimmed; an empty cell
// is an absent field. price and sale_price are plain decimals in the currency's units ("19.99",
// "1500"), both in `currency`; categories holds paths separated by "|" ("Shoes > Running|Sale");
// attributes.color = "red" gives attributes { color: "red" }. A row becomes the JSON a bulk request
// carries, and is checked as one (each row alone).
import type { CsvShape } from '../../cli/record-import.js';

export const REQUIRED_COLUMNS = ['product_id', 'title', 'url', 'price', 'currency', 'availability'] as const;
const OPTIONAL_COLUMNS = ['group_id', 'description', 'image_media_id', 'image_url', 'brand', 'updated_at'] as const;
export const ATTRIBUTE_PREFIX = 'attributes.';
/** A category path cannot hold this in a CSV cell: it separates the paths. */
export const CATEGORY_SEPARATOR = '|';

const DECIMAL = /^\d+(\.\d+)?$/;
/** Beyond this many significant digits a JavaScript number no longer says exactly what the cell said. */
const MAX_DIGITS = 15;

/** A decimal cell as the exact JSON number it says, or why it is none. */
function amount(cell: string, column: string): { value: number } | { error: string } {
  if (!DECIMAL.test(cell)) return { error: `${column} must be a plain decimal such as 19.99 (got ${JSON.stringify(cell.slice(0, 40))})` };
  const digits = cell.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length > MAX_DIGITS) return { error: `${column} has more than ${MAX_DIGITS} significant digits` };
  return { value: Number(cell) };
}

/** A row as the product a bulk request would carry, or why it cannot be one. */
export function productOfRow(row: Readonly<Record<string, string>>): { record: unknown } | { error: string } {
  const cell = (name: string): string | undefined => {
    const v = Object.hasOwn(row, name) ? row[name]?.trim() : undefined;
    return v === undefined || v === '' ? undefined : v;
  };
  const record: Record<string, unknown> = {};
  for (const name of ['product_id', 'title', 'url', 'availability', ...OPTIONAL_COLUMNS]) {
    const v = cell(name);
    if (v !== undefined) record[name] = v;
  }
  const currency = cell('currency');
  for (const [column, field] of [['price', 'price'], ['sale_price', 'sale_price']] as const) {
    const v = cell(column);
    if (v === undefined) continue;
    const parsed = amount(v, column);
    if ('error' in parsed) return parsed;
    record[field] = { amount: parsed.value, currency };
  }
  if (record.price === undefined && currency !== undefined) record.price = { currency };
  const categories = cell('categories');
  if (categories !== undefined) record.categories = categories.split(CATEGORY_SEPARATOR).map((c) => c.trim());
  const attributes = Object.entries(row)
    .filter(([name]) => name.startsWith(ATTRIBUTE_PREFIX) && name.length > ATTRIBUTE_PREFIX.length)
    .map(([name, value]) => [name.slice(ATTRIBUTE_PREFIX.length), value.trim()] as const)
    .filter(([, value]) => value !== '');
  if (attributes.length > 0) record.attributes = Object.fromEntries(attributes);
  return { record };
}

export const PRODUCTS_CSV: CsvShape = {
  required: REQUIRED_COLUMNS,
  toRecord: productOfRow,
  name: 'products',
  columns: `${REQUIRED_COLUMNS.join(',')}, and optionally group_id, description, image_media_id, image_url, sale_price, categories, brand, updated_at, attributes.<name>`,
};
