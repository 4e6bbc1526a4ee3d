// npm run bench: runs the benchmarks and writes their sections of BENCHMARKS.md (between markers),
// keeping the rest of the file as written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyticsMarkdown, runAnalyticsBench } from './analytics.js';
import { campaignsMarkdown, runCampaignsBench } from './campaigns.js';
import { catalogMarkdown, runCatalogBench } from './catalog.js';
import { dashboardMarkdown, runDashboardBench } from './dashboard.js';
import { eventsMarkdown, runEventsBench } from './events.js';
import { experimentsMarkdown, runExperimentsBench } from './experiments.js';
import { hotPathsMarkdown, runHotPathsBench } from './hot-paths.js';
import { mediaMarkdown, runMediaBench } from './media.js';
import { publisherMarkdown, runPublisherBench } from './publisher.js';
import { runSdkBench, sdkMarkdown } from './sdk.js';
import { recommendationsMarkdown, runRecommendationsBench } from './recommendations.js';
import { runWorkflowsBench, workflowsMarkdown } from './workflows.js';
import { ROOT, machine } from './lib.js';

const FILE = path.join(ROOT, 'BENCHMARKS.md');
const only = process.argv.slice(2);
const log = (line: string) => process.stderr.write(`${line}\n`);

function replaceSection(doc: string, name: string, body: string): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${body}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i >= 0 && j > i) return `${doc.slice(0, i)}${block}${doc.slice(j + end.length)}`;
  return `${doc.trimEnd()}\n\n${block}\n`;
}

// Read again before each section is written: prose edited while a benchmark runs (they take many
// minutes) must not be overwritten with the text the run started from.
const current = (): string => (existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n');
const stamp = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.`;

const SECTIONS: { name: string; run: () => Promise<string> }[] = [
  { name: 'events', run: async () => eventsMarkdown(await runEventsBench(log)) },
  { name: 'experiments', run: async () => experimentsMarkdown(await runExperimentsBench(log)) },
  { name: 'publisher', run: async () => publisherMarkdown(await runPublisherBench(log)) },
  { name: 'catalog', run: async () => catalogMarkdown(await runCatalogBench(log)) },
  { name: 'media', run: async () => mediaMarkdown(await runMediaBench(log)) },
  { name: 'campaigns', run: async () => campaignsMarkdown(await runCampaignsBench(log)) },
  { name: 'sdk', run: async () => sdkMarkdown(await runSdkBench(log)) },
  { name: 'recommendations', run: async () => recommendationsMarkdown(await runRecommendationsBench(log)) },
  { name: 'workflows', run: async () => workflowsMarkdown(await runWorkflowsBench(log)) },
  { name: 'hot-paths', run: async () => hotPathsMarkdown(await runHotPathsBench(log)) },
  { name: 'dashboard', run: async () => dashboardMarkdown(await runDashboardBench(log)) },
  { name: 'analytics', run: async () => analyticsMarkdown(await runAnalyticsBench(log)) },
];

for (const section of SECTIONS) {
  if (only.length > 0 && !only.includes(section.name)) continue;
  log(`== ${section.name} ==`);
  const md = `${stamp}\n\n${await section.run()}`;
  process.stdout.write(`\n${md}\n`);
  // Written after each section, so a later failure keeps what was measured.
  writeFileSync(FILE, replaceSection(current(), section.name, md));
}

log(`wrote ${FILE}`);
