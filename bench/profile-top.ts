// Summarises a V8 CPU profile (node --cpu-prof): the top frames by self time, and self time by
// file or package. Usage: node --import tsx bench/profile-top.ts FILE.cpuprofile [N] [SKIP_MS]
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const ROOT = path.resolve(import.meta.dirname, '..');

export function where(url: string): string {
  if (!url) return '(native)';
  const p = url.replace(/^file:\/\//, '');
  const nm = p.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = p.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (p.startsWith('node:')) return p;
  return path.relative(ROOT, p);
}

/** `skipMs`: leave out the profile's first milliseconds (start-up: module compilation, warm-up). */
export function topFrames(file: string, n = 25, skipMs = 0): { frames: [string, number][]; places: [string, number][]; totalMs: number } {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(prof.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let t = 0;
  prof.samples.forEach((id, i) => {
    t += prof.timeDeltas[i] ?? 0;
    if (t >= skipMs * 1000) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    total += us;
    const key = `${functionName || '(anonymous)'} ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
    frames.set(key, (frames.get(key) ?? 0) + us);
    const place = url ? where(url) : functionName;
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { frames: sorted(frames), places: sorted(places), totalMs: total / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { frames, places, totalMs } = topFrames(process.argv[2]!, Number(process.argv[3] ?? 25), Number(process.argv[4] ?? 0));
  const pct = (us: number) => `${((us / 1000 / totalMs) * 100).toFixed(1)} %`;
  console.log(`busy ${totalMs.toFixed(0)} ms`);
  for (const [k, us] of frames) console.log(pct(us).padStart(7), k);
  console.log('--- by place');
  for (const [k, us] of places) console.log(pct(us).padStart(7), k);
}
