// Storefront browser SDK: events with full context, batched and persisted so a reload or a lost
// network loses nothing and retries double nothing (client_event_id); the unload beacon; affiliate
// landing touches; sticky experiment assignments; publisher link decoration at click time; and the
// site's campaigns (sdk/src/campaigns.ts), drawn by a renderer loaded only when one is shown.
import { decorate, type DecorationConfig } from '../../src/domain/decorate.js';
import { stripClickParams } from '../../src/domain/urls.js';
import { deviceType } from './campaign-rules.js';
import { startCampaigns } from './campaigns.js';
import { read, write } from './storage.js';

type Json = Record<string, unknown>;

interface InitOptions {
  siteId: string;
  /** The service's origin, e.g. https://track.example.com */
  endpoint: string;
  /** Milliseconds between automatic flushes (default 1000). */
  flushInterval?: number;
  /** Show the site's campaigns (default true). */
  campaigns?: boolean;
  /** Where the renderer is (default `{endpoint}/sdk/v1/render.mjs`). */
  renderUrl?: string;
}

interface SiteConfig extends DecorationConfig {
  site_id: string;
  max_touches_per_request: number;
}

interface QueuedEvent extends Json {
  client_event_id: string;
}

interface Assignment {
  variant: 'control' | 'treatment';
  assignmentId: string | null;
}

const SESSION_IDLE_MS = 30 * 60_000;
const MAX_BATCH = 50;
const TOUCH_COOKIE = 'sf_touch_ids';

let opts: Required<InitOptions> | undefined;
let token: string | undefined;
let tokenExpires = 0;
let tokenPromise: Promise<string | undefined> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let config: SiteConfig | undefined;
let queue: QueuedEvent[] = [];
let flushing: Promise<void> | undefined;
let backoff = 0;
let retryAt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const assignments = new Map<string, Promise<Assignment>>();

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const uuid = (): string => (crypto.randomUUID ? crypto.randomUUID() : hex(crypto.getRandomValues(new Uint8Array(16))));
const reference = (): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => alphabet[b % 62]).join('');
};

function deviceId(): string {
  let id = read<string | null>('d', null);
  if (!id) write('d', (id = uuid()));
  return id;
}

/** The session id; a new one after 30 minutes without activity. */
function sessionId(): string {
  const now = Date.now();
  let s = read<{ id: string; at: number } | null>('s', null);
  if (!s || now - s.at > SESSION_IDLE_MS) s = { id: uuid(), at: now };
  s.at = now;
  write('s', s);
  // The device's first session (campaigns for new visitors only).
  if (!read<string | null>('fs', null)) write('fs', s.id);
  return s.id;
}

function context(): Json {
  const ua = navigator.userAgent;
  return {
    // Click ids never ride along in reported URLs (the server's own rule, CONTRACT §3).
    page_url: stripClickParams(location.href),
    user_agent: ua,
    referrer: stripClickParams(document.referrer),
    page_title: document.title,
    device_type: deviceType(ua),
    language: navigator.language,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen_width: screen.width,
    screen_height: screen.height,
  };
}

// ---- runtime token ----
async function fetchToken(): Promise<string | undefined> {
  try {
    const res = await fetch(`${opts!.endpoint}/api/v1/runtime/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ site_id: opts!.siteId }),
    });
    if (!res.ok) return undefined;
    const data = (await res.json()).data as { token: string; expires_at: string; config: SiteConfig };
    token = data.token;
    tokenExpires = Date.parse(data.expires_at);
    config = data.config;
    // Refresh ahead of expiry so the unload beacon always holds a live token (one timer, however
    // the token was fetched: a refresh after a 401 replaces the pending one).
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void getToken(true), Math.max(5_000, tokenExpires - Date.now() - 60_000));
    return token;
  } catch {
    return undefined;
  }
}

async function getToken(force = false): Promise<string | undefined> {
  if (!opts) return undefined;
  if (!force && token && Date.now() < tokenExpires - 60_000) return token;
  tokenPromise ??= fetchToken().finally(() => {
    tokenPromise = undefined;
  });
  return tokenPromise;
}

/** A request with the runtime token (once more with a fresh one after a 401): a POST of `body`, or a GET without one. */
async function api(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response | undefined> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const t = await getToken(attempt > 0);
    if (!t) return undefined;
    try {
      const res = await fetch(`${opts!.endpoint}/api/v1${path}`, {
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${t}` },
        ...(body === undefined ? { cache: 'no-store' as const } : { method: 'POST', body: JSON.stringify(body), keepalive: true }),
      });
      if (res.status !== 401) return res;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

// ---- events ----
/** The one place a backoff holds: no automatic send starts before retryAt. */
function schedule(delay = opts?.flushInterval ?? 1000) {
  clearTimeout(timer);
  timer = setTimeout(() => void send(), Math.max(delay, retryAt - Date.now()));
}

function enqueue(event: QueuedEvent) {
  queue = read<QueuedEvent[]>('q', queue);
  queue.push(event);
  write('q', queue);
  schedule(queue.length >= MAX_BATCH ? 0 : undefined);
}

/**
 * Sends what is queued now (a call from the page does not wait out a backoff). Retries network
 * errors, 429 and 5xx with backoff; drops items the server refuses as invalid.
 */
export function flush(): Promise<void> {
  retryAt = 0;
  return send();
}

function send(): Promise<void> {
  // Assigned before the run can settle, so a run that ends at once cannot leave a stale promise behind.
  flushing ??= sendQueue().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

async function sendQueue(): Promise<void> {
  for (;;) {
    queue = read<QueuedEvent[]>('q', queue);
    const batch = queue.slice(0, MAX_BATCH);
    if (batch.length === 0) return;
    const res = await api('/events/batch', { events: batch });
    if (!res || res.status === 429 || res.status >= 500) {
      backoff = Math.min(60_000, backoff ? backoff * 2 : 1_000);
      retryAt = Date.now() + backoff * (0.5 + Math.random() / 2);
      schedule(0);
      return;
    }
    backoff = 0;
    retryAt = 0;
    // 201, 207 (invalid items are not retried) or another 4xx (the batch cannot succeed): done with these.
    const sent = new Set(batch.map((e) => e.client_event_id));
    queue = read<QueuedEvent[]>('q', queue).filter((e) => !sent.has(e.client_event_id));
    write('q', queue);
  }
}

/** On unload: the queue goes out by beacon (text/plain: no preflight). It stays queued until a fetch confirms it; the server deduplicates. */
function beacon() {
  queue = read<QueuedEvent[]>('q', queue);
  if (!opts || !token || queue.length === 0 || !navigator.sendBeacon) return;
  const body = JSON.stringify({ api_key: token, events: queue.slice(0, 100) });
  navigator.sendBeacon(`${opts.endpoint}/api/v1/events/batch`, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
}

export function track(eventType: string, properties: Json = {}): void {
  if (!opts) return;
  const userId = read<string | null>('u', null);
  enqueue({
    event_type: eventType,
    session_id: sessionId(),
    device_id: deviceId(),
    ...(userId ? { user_id: userId } : {}),
    client_event_id: uuid(),
    occurred_at: new Date().toISOString(),
    properties,
    context: context(),
  });
}

export const page = (properties: Json = {}) => track('page_view', properties);

export function identify(userId: string): void {
  write('u', userId);
}

// ---- affiliate landing touches ----
/** The touch ids in the first-party cookie, for the merchant's checkout. */
export function getTouchIds(): string[] {
  const m = document.cookie.match(new RegExp(`(?:^|; )${TOUCH_COOKIE}=([^;]*)`));
  return m ? decodeURIComponent(m[1]!).split(',').filter(Boolean) : [];
}

async function landingTouch() {
  const params = new URLSearchParams(location.search);
  const found = params.get('awc') ? (['awin', params.get('awc')!] as const) : params.get('cjevent') ? (['cj', params.get('cjevent')!] as const) : undefined;
  if (!found) return;
  const [provider, clickId] = found;
  // The same landing gives the same touch id: a reload sends nothing new.
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${opts!.siteId}\n${provider}\n${clickId}`)));
  const touchId = `tch_${hex(digest).slice(0, 32)}`;
  const ids = getTouchIds();
  if (ids.includes(touchId)) return;
  const res = await api('/partner-attribution/touches', {
    touches: [
      {
        schema_version: 1,
        touch_id: touchId,
        provider,
        direction: 'inbound',
        provider_click_id: clickId,
        occurred_at: new Date().toISOString(),
        provenance: 'browser_sdk',
        landing_path: location.pathname,
        session_id: sessionId(),
      },
    ],
  });
  if (res && res.status < 300) {
    document.cookie = `${TOUCH_COOKIE}=${encodeURIComponent([...ids, touchId].slice(-10).join(','))}; path=/; max-age=${30 * 86_400}; SameSite=Lax`;
  }
}

// ---- experiments ----
export function getAssignment(experimentId: string): Promise<Assignment> {
  let p = assignments.get(experimentId);
  if (!p) {
    p = (async () => {
      const res = await api('/partner-experiments/assignments', { session_id: sessionId(), experiment_ids: [experimentId] });
      const a = res?.ok ? ((await res.json()).data.assignments as { variant: Assignment['variant']; assignment_id: string }[])[0] : undefined;
      if (!a) assignments.delete(experimentId); // not running (or unreachable): control, and ask again next time
      return a ? { variant: a.variant, assignmentId: a.assignment_id } : { variant: 'control' as const, assignmentId: null };
    })();
    assignments.set(experimentId, p);
  }
  return p;
}

// ---- publisher decoration ----
function onClick(e: MouseEvent) {
  const a = (e.target as Element | null)?.closest?.('a[data-sf-decorate]') as HTMLAnchorElement | null;
  if (!a || !config || !token || !opts) return;
  const ref = reference();
  const d = decorate(a.getAttribute('href') ?? '', config, ref);
  if (!d.decorated) return;
  a.href = d.url;
  const data = a.dataset;
  const click = {
    runtime_token: token,
    click_id: uuid(),
    provider: d.provider,
    reference: ref,
    destination_url: d.url,
    occurred_at: new Date().toISOString(),
    session_id: sessionId(),
    ...(data.sfContent ? { content_id: data.sfContent } : {}),
    ...(data.sfCampaign ? { campaign: data.sfCampaign } : {}),
    ...(data.sfPlacement ? { placement: data.sfPlacement } : {}),
    ...(data.sfCreative ? { creative: data.sfCreative } : {}),
  };
  navigator.sendBeacon?.(`${opts.endpoint}/api/v1/publisher/clicks`, new Blob([JSON.stringify(click)], { type: 'text/plain;charset=UTF-8' }));
}

function campaigns() {
  const { siteId, endpoint } = opts!;
  const session = sessionId(); // first: it records the device's first session
  void startCampaigns({
    siteId,
    renderUrl: opts!.renderUrl || `${endpoint}/sdk/v1/render.mjs`,
    device: deviceType(navigator.userAgent),
    newVisitor: read('fs', null) === session,
    api,
    track,
    sessionId,
    uuid,
    variant: async (id) => (await getAssignment(id)).variant,
  });
}

export function init(options: InitOptions): void {
  if (opts) return;
  const endpoint = options.endpoint.replace(/\/+$/, '');
  opts = { flushInterval: 1000, campaigns: true, renderUrl: '', ...options, endpoint };
  queue = read<QueuedEvent[]>('q', []);
  void getToken().then(() => {
    void landingTouch();
    void flush();
    if (opts!.campaigns) campaigns();
  });
  document.addEventListener('click', onClick, true);
  addEventListener('pagehide', beacon);
  addEventListener('online', () => void flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') beacon();
  });
}
