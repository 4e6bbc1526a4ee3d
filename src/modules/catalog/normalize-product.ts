// The rules of a product beyond its schema, pure (CONTRACT §0, §7, §8): URLs absolute http(s), without
// control characters or backslashes (checkStoredUrl: the SDK and shops draw them as links); at
// most one of image_media_id and image_url; money in integer minor units of a known currency (an
// amount with more decimals than its currency allows is refused); category paths in their normal
// form, each once; updated_at an ISO 8601 timestamp from 1970 on, at most 5 minutes ahead. Every
// problem is a 400 detail at its JSON Pointer; the sale price against the price is a business rule
// (sale-price.ts, 422).
import type { ErrorDetail } from '../../errors.js';
import { currencyDigits, MAX_AMOUNT, toMinorUnits } from '../../domain/money.js';
import { MAX_FUTURE_MS, parseIsoTimestamp } from '../../domain/timestamps.js';
import { checkStoredUrl } from '../../domain/urls.js';
import type { Checked } from '../../validation/schema-check.js';
import { normalizeCategoryPath } from './categories.js';
import type { Money, ProductDraft } from './product.js';
import type { ProductFieldsInput } from './product-schema.js';

/** An amount and currency as the schema let them through. */
interface SentMoney {
  amount: number;
  currency: string;
}

function money(sent: SentMoney, at: string, details: ErrorDetail[]): Money | null {
  const digits = currencyDigits(sent.currency);
  if (digits === undefined) {
    details.push({ path: `${at}/currency`, code: 'unknown_currency', message: `${sent.currency} is not an ISO 4217 currency code` });
    return null;
  }
  const minor = toMinorUnits(sent.amount, digits);
  if (minor === null) {
    const message =
      Math.abs(sent.amount) > MAX_AMOUNT
        ? `amount must be at most ${MAX_AMOUNT}`
        : `${sent.currency} amounts have at most ${digits} decimal${digits === 1 ? '' : 's'}`;
    details.push({ path: `${at}/amount`, code: 'decimals', message });
    return null;
  }
  return { amount: minor, currency: sent.currency };
}

function url(value: string, at: string, details: ErrorDetail[]): string {
  const check = checkStoredUrl(value, { paths: false });
  if (!check.ok) details.push({ path: at, code: 'url', message: check.message });
  return value;
}

function categories(sent: readonly string[], at: string, details: ErrorDetail[]): string[] {
  const paths: string[] = [];
  sent.forEach((text, i) => {
    const normal = normalizeCategoryPath(text);
    if (!normal.ok) details.push({ path: `${at}/${i}`, code: 'category', message: normal.message });
    else if (!paths.includes(normal.path)) paths.push(normal.path);
  });
  return paths;
}

function updatedAt(value: string, at: string, now: number, details: ErrorDetail[]): Date | null {
  const ms = parseIsoTimestamp(value);
  if (ms === null) {
    details.push({ path: at, code: 'date-time', message: 'must be an ISO 8601 timestamp with offset, from 1970 on (e.g. 2026-11-21T10:00:00Z)' });
    return null;
  }
  if (ms > now + MAX_FUTURE_MS) {
    details.push({ path: at, code: 'future', message: 'must not be more than 5 minutes ahead of the server’s clock' });
    return null;
  }
  return new Date(ms);
}

/** The draft of a product whose fields the schema let through, or the details of its problems (under `pointer`). */
export function normalizeProduct(input: ProductFieldsInput, pointer: string, now: number): Checked<ProductDraft> {
  const details: ErrorDetail[] = [];
  const at = (field: string) => `${pointer}/${field}`;
  const imageMediaId = input.image_media_id ?? null;
  const imageUrl = input.image_url ?? null;
  if (imageMediaId !== null && imageUrl !== null) {
    details.push({ path: at('image_url'), code: 'exclusive', message: 'give image_media_id or image_url, not both' });
  }
  const draft: ProductDraft = {
    groupId: input.group_id ?? null,
    title: input.title,
    description: input.description ?? null,
    url: url(input.url, at('url'), details),
    imageMediaId,
    imageUrl: imageUrl === null ? null : url(imageUrl, at('image_url'), details),
    price: money(input.price, at('price'), details) ?? { amount: 0, currency: input.price.currency },
    salePrice: input.sale_price ? money(input.sale_price, at('sale_price'), details) : null,
    availability: input.availability,
    categories: categories(input.categories ?? [], at('categories'), details),
    brand: input.brand ?? null,
    attributes: { ...(input.attributes ?? {}) },
    updatedAt: input.updated_at == null ? null : updatedAt(input.updated_at, at('updated_at'), now, details),
  };
  return details.length > 0 ? { ok: false, details } : { ok: true, value: draft };
}
