// Profile state from server-trust events (CONTRACT §3): first and last seen, event count, and
// traits from properties.traits, merged so that the latest occurrence wins.

export interface StoredEventForProfile {
  siteId: string;
  userId: string | null;
  trustClass: 'browser' | 'server';
  occurredAt: number;
  properties: Record<string, unknown>;
}

export interface ProfileUpdate {
  siteId: string;
  userId: string;
  firstSeen: number;
  lastSeen: number;
  traits: Record<string, unknown>;
  events: number;
}

export function profileUpdates(events: readonly StoredEventForProfile[]): ProfileUpdate[] {
  const byUser = new Map<string, StoredEventForProfile[]>();
  for (const e of events) {
    if (e.trustClass !== 'server' || e.userId === null) continue;
    const key = `${e.siteId}\n${e.userId}`;
    const list = byUser.get(key);
    if (list) list.push(e);
    else byUser.set(key, [e]);
  }
  const updates: ProfileUpdate[] = [];
  for (const list of byUser.values()) {
    list.sort((a, b) => a.occurredAt - b.occurredAt);
    const traits: Record<string, unknown> = {};
    for (const e of list) {
      const t = e.properties.traits;
      if (typeof t === 'object' && t !== null && !Array.isArray(t)) Object.assign(traits, t);
    }
    updates.push({
      siteId: list[0]!.siteId,
      userId: list[0]!.userId!,
      firstSeen: list[0]!.occurredAt,
      lastSeen: list[list.length - 1]!.occurredAt,
      traits,
      events: list.length,
    });
  }
  // A fixed lock order across concurrent transactions.
  return updates.sort((a, b) => (a.siteId === b.siteId ? (a.userId < b.userId ? -1 : 1) : a.siteId < b.siteId ? -1 : 1));
}
