// The renderer, loaded by the core (sdk/src/campaigns.ts) only when a campaign is to be shown:
// served as /sdk/v1/render.mjs and imported dynamically, so a page that shows nothing never pays for it.
import type { Campaign, RenderHost } from './campaign-types.js';
import { showChatbot } from './render/chatbot.js';
import { showOverlay } from './render/overlay.js';
import { fillSlots } from './render/recommendations.js';

export function render(host: RenderHost, c: Campaign, slots: Element[]): void {
  if (c.kind === 'overlay') showOverlay(host, c);
  else if (c.kind === 'chatbot') showChatbot(host, c);
  else fillSlots(host, c, slots);
}
