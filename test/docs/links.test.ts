// The documentation's links: every relative link of README.md, BENCHMARKS.md and docs/**/*.md
// resolves to a file or folder of the repository, and an anchor (`page.md#heading`, `#heading`)
// names a heading of its target as GitHub slugs it. No page points at files a reader of the
// repository does not have (the project's internal contract and engineering notes, ../shared).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return markdownFiles(full);
      return entry.name.endsWith('.md') ? [full] : [];
    })
    .sort();
}

const PAGES = [path.join(ROOT, 'README.md'), path.join(ROOT, 'BENCHMARKS.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

/** The text outside fenced code blocks and inline code spans: links and headings there are not links or headings. */
function prose(text: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) {
      fence = marker[0]!.repeat(marker.length);
      lines.push('');
    } else if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined;
      lines.push('');
    } else {
      lines.push(line.replace(/`+[^`]*`+/g, ''));
    }
  }
  return lines;
}

/** GitHub's heading anchor: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors a page's headings make (a repeated heading gets -1, -2, … as on GitHub). */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  const text = readFileSync(file, 'utf8');
  // Headings keep their inline code text (GitHub slugs `x` as x), so read them from the text with only fences removed.
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) {
      fence = marker[0]!.repeat(marker.length);
      continue;
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

interface Link {
  page: string;
  line: number;
  target: string;
}

/** Every inline markdown link `[text](target)` and `![alt](target)` outside code. */
function linksOf(page: string): Link[] {
  const links: Link[] = [];
  prose(readFileSync(page, 'utf8')).forEach((text, i) => {
    for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ page, line: i + 1, target: match[1]! });
    }
  });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
const where = (link: Link) => `${path.relative(ROOT, link.page)}:${link.line}: ${link.target}`;

describe('the documentation', () => {
  it('has its pages', () => {
    for (const name of ['README.md', 'docs/operations.md', 'docs/configuration.md', 'docs/architecture.md']) {
      assert.ok(existsSync(path.join(ROOT, name)), `${name} exists`);
    }
  });

  it('slugs headings as GitHub does', () => {
    assert.equal(slug('Submissions: what visitors send through a campaign\'s form'), 'submissions-what-visitors-send-through-a-campaigns-form');
    assert.equal(slug('Sign-in: an identity provider instead of the local issuer'), 'sign-in-an-identity-provider-instead-of-the-local-issuer');
    assert.equal(slug('The API: the OpenAPI document, lists, bad input and limits'), 'the-api-the-openapi-document-lists-bad-input-and-limits');
    assert.equal(slug('Running it: a process manager'), 'running-it-a-process-manager');
  });

  for (const page of PAGES) {
    const name = path.relative(ROOT, page);
    it(`${name}: every relative link resolves, and every anchor names a heading`, () => {
      const broken: string[] = [];
      for (const link of linksOf(page)) {
        if (isExternal(link.target)) continue;
        const [rawPath = '', anchor] = link.target.split('#', 2) as [string, string | undefined];
        const file = rawPath === '' ? page : path.resolve(path.dirname(page), decodeURIComponent(rawPath));
        if (!file.startsWith(ROOT + path.sep) && file !== ROOT) {
          broken.push(`${where(link)} (outside the repository)`);
          continue;
        }
        if (!existsSync(file)) {
          broken.push(`${where(link)} (no such file)`);
          continue;
        }
        if (anchor === undefined || anchor === '') continue;
        if (statSync(file).isDirectory() || !file.endsWith('.md')) {
          broken.push(`${where(link)} (an anchor into a file that is not markdown)`);
          continue;
        }
        if (!anchorsOf(file).has(decodeURIComponent(anchor).toLowerCase())) {
          broken.push(`${where(link)} (no heading #${anchor} in ${path.relative(ROOT, file)})`);
        }
      }
      assert.deepEqual(broken, []);
    });

    it(`${name}: names no file outside the repository`, () => {
      const text = readFileSync(page, 'utf8');
      const found = text
        .split('\n')
        .flatMap((line, i) =>
          [/\.\.\/shared\b/, /\bCONTRACT(\.md)?\b/, /\bENGINEERING(\.md)?\b/].filter((re) => re.test(line)).map((re) => `${name}:${i + 1}: ${re.source}`),
        );
      assert.deepEqual(found, []);
    });
  }
});
