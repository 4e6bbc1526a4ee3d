// The demo site's campaigns (first start of an empty database): one of each kind, live, so that
// /demo shows a modal with a form, a quiz, the chatbot and a recommendation slot. The demo
// experiment gates the welcome modal: `treatment` sees it, `control` sees the shop without it.
import type { FirstStart } from '../module.js';
import type { CampaignSettings } from './campaign.js';
import type { CampaignsService } from './campaigns-service.js';

const base: Pick<CampaignSettings, 'status' | 'targeting' | 'experimentId' | 'startsAt' | 'endsAt'> = {
  status: 'active',
  targeting: { url_include: ['/demo*'], url_exclude: [], devices: [], new_visitors_only: false },
  experimentId: null,
  startsAt: null,
  endsAt: null,
};

export const DEMO_CAMPAIGNS: CampaignSettings[] = [
  {
    ...base,
    name: 'Welcome offer',
    kind: 'overlay',
    priority: 30,
    trigger: { on: 'delay', delay_ms: 1500 },
    frequency: { max_per_session: 1 },
    content: {
      template: 'modal',
      title: '10% off your first order',
      body: 'Join the list and get a code by email.',
      form: {
        form_id: 'welcome',
        fields: [
          { name: 'email', type: 'email', label: 'Email', required: true },
          { name: 'first_name', type: 'text', label: 'First name', required: false },
        ],
        consent_text: 'I agree to receive marketing emails from the demo shop. I can unsubscribe at any time.',
      },
    },
  },
  {
    ...base,
    name: 'Find your fit',
    kind: 'overlay',
    priority: 20,
    trigger: { on: 'scroll', scroll_percent: 30 },
    frequency: { max_per_day: 3 },
    content: {
      template: 'quiz',
      title: 'Find your fit',
      quiz: {
        quiz_id: 'fit',
        questions: [
          { question_id: 'terrain', text: 'Where do you run?', answers: [{ answer_id: 'road', text: 'Road', categories: ['Shoes > Running > Road'] }, { answer_id: 'trail', text: 'Trail', categories: ['Shoes > Running > Trail'] }] },
          { question_id: 'distance', text: 'How far?', answers: [{ answer_id: 'short', text: 'Up to 10 km' }, { answer_id: 'long', text: 'Longer' }] },
        ],
      },
    },
  },
  {
    ...base,
    name: 'Shop assistant',
    kind: 'chatbot',
    priority: 10,
    trigger: { on: 'page_load' },
    frequency: {},
    content: {
      greeting: 'Hi! Ask me about shipping, returns or sizes.',
      persona_name: 'Sam',
      intents: [
        { intent_id: 'shipping', patterns: ['shipping', 'delivery', 'ship'], reply: 'Orders ship within 2 working days; delivery is free over 50 EUR.' },
        { intent_id: 'returns', patterns: ['return', 'refund', 'exchange'], reply: 'You can return anything within 30 days for a full refund.' },
        { intent_id: 'sizes', patterns: ['size', 'fit', 'sizing'], reply: 'Our shoes run true to size; the quiz on this page helps you choose.' },
      ],
      fallback_reply: 'I did not get that. Try shipping, returns or sizes.',
    },
  },
  {
    ...base,
    name: 'Popular now',
    kind: 'recommendation',
    priority: 0,
    trigger: { on: 'page_load' },
    frequency: {},
    content: { placement: 'demo-home', strategy: 'popular', limit: 4, title: 'Popular right now', filters: { in_stock_only: true } },
  },
];

/** The campaign the demo experiment gates: the welcome offer shows to sessions in `treatment` only. */
const GATED = 'Welcome offer';

export async function createDemoCampaigns(campaigns: CampaignsService, start: FirstStart): Promise<void> {
  const site = start.demoSite;
  if (!site) return;
  const experimentId = start.made.experimentId ?? null;
  // The size check places media URLs on this base; the demo campaigns use no media.
  const baseUrl = 'http://localhost';
  for (const settings of DEMO_CAMPAIGNS) {
    if (settings.name !== GATED || experimentId === null) {
      await campaigns.create(start.owner, site.site_id, settings, baseUrl);
      continue;
    }
    // Gated by the experiment, which is still a draft: made a draft too, live once the experiment
    // names it and runs (the experiments' step left that for after every step).
    const gated = await campaigns.create(start.owner, site.site_id, { ...settings, status: 'draft', experimentId }, baseUrl);
    (start.made.gatedCampaignIds ??= []).push(gated.campaignId);
    start.later.push(async () => void (await campaigns.change(start.owner, site.site_id, gated.campaignId, { status: 'active' }, baseUrl)));
  }
}
