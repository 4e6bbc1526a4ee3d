// The rule-based chatbot: a launcher button opening a small chat panel (a labelled input, replies
// in a live log). Messages are matched here (chat-match.ts); each visitor message is one
// chatbot_message event naming the intent that answered, or "fallback".
import type { Campaign, RenderHost } from '../campaign-types.js';
import { matchIntent } from './chat-match.js';
import { h, img, ownHost, shadow, uid } from './dom.js';

type ChatCampaign = Extract<Campaign, { kind: 'chatbot' }>;

export function showChatbot(host: RenderHost, c: ChatCampaign): void {
  const { greeting, persona_name, avatar_url, intents, fallback_reply } = c.content;
  const name = persona_name || 'Chat';
  const root = shadow(ownHost());
  const panelId = uid('c');
  const titleId = uid('h');
  const inputId = uid('i');
  const log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite' });
  const say = (text: string, mine = false) => {
    log.append(h('p', { class: mine ? 'm u' : 'm' }, h('span', { class: 'sr' }, mine ? 'You: ' : `${name}: `), text));
    log.scrollTop = log.scrollHeight;
  };
  const input = h('input', { id: inputId, name: 'message', autocomplete: 'off', maxlength: '1000' });
  const launcher = h('button', { type: 'button', class: 'lb', 'aria-expanded': 'false', 'aria-controls': panelId, onclick: () => open(!!panel.hidden) }, img(avatar_url, 'av'), `Chat with ${name}`);
  const panel = h(
    'div',
    { class: 'c', id: panelId, role: 'dialog', 'aria-labelledby': titleId, hidden: true, onkeydown: (e) => (e as KeyboardEvent).key === 'Escape' && open(false) },
    h('div', { class: 'hd' }, img(avatar_url, 'av'), h('strong', { id: titleId }, name), h('button', { type: 'button', class: 'x', 'aria-label': 'Close chat', onclick: () => open(false) }, '×')),
    log,
    h(
      'form',
      { class: 'in', onsubmit: (e) => {
        e.preventDefault();
        const message = input.value.trim().slice(0, 1000);
        if (!message) return;
        input.value = '';
        say(message, true);
        const intent = matchIntent(message, intents);
        say(intent?.reply ?? fallback_reply);
        host.track('chatbot_message', { message, campaign_id: c.campaign_id, intent_id: intent?.intent_id ?? 'fallback' });
      } },
      h('label', { for: inputId, class: 'sr' }, `Message to ${name}`),
      input,
      h('button', { type: 'submit', class: 'b' }, 'Send'),
    ),
  );
  function open(show: boolean) {
    if (show && !log.firstChild) say(greeting);
    panel.hidden = !show;
    launcher.setAttribute('aria-expanded', String(show));
    (show ? input : launcher).focus();
  }
  root.append(h('div', { class: 'r' }, panel, launcher));
}
