// Overlays: banner (a region at the top), slide_in (a non-modal dialog in a corner), modal and quiz
// (modal dialogs: labelled, focus trapped, Escape closes, focus returns where it was). Events name
// the overlay as shown (`<campaign_id>:v<version>`).
import type { Campaign, OverlayContent, RenderHost } from '../campaign-types.js';
import { h, img, linkUrl, ownHost, shadow, uid } from './dom.js';
import { buildForm } from './form.js';
import { buildQuiz } from './quiz.js';

type OverlayCampaign = Extract<Campaign, { kind: 'overlay' }>;

const FOCUSABLE = 'button,a[href],input,select,textarea';

export const overlayId = (c: Pick<Campaign, 'campaign_id' | 'version'>) => `${c.campaign_id}:v${c.version}`;

/** Focus stays inside `panel` (Tab and Shift+Tab wrap; focus arriving from outside comes back). */
function trapFocus(root: ShadowRoot, panel: HTMLElement, e: KeyboardEvent) {
  const all = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0);
  const first = all[0];
  const last = all[all.length - 1];
  const at = root.activeElement;
  if (!first || !last) return;
  if (!panel.contains(at) || (e.shiftKey ? at === first || at === panel : at === last)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

function cta(host: RenderHost, content: OverlayContent, ids: Record<string, string>) {
  const url = linkUrl(content.cta?.url);
  return url && h('a', { class: 'b', href: url, onclick: () => host.track('overlay_click', ids) }, content.cta!.label);
}

/** The panel's own content: a quiz, a form, or the call to action; a thank-you state after a submission. */
function body(host: RenderHost, c: OverlayCampaign, ids: Record<string, string>, area: HTMLElement) {
  const content = c.content;
  const thanks = (text: string) => () => {
    const done = h('p', { class: 'q', tabindex: '-1' }, text);
    area.replaceChildren(done, cta(host, content, ids) || '');
    done.focus();
  };
  const submitted = () => {
    host.track('overlay_submit', ids);
    thanks('Thank you! You’re all set.')();
  };
  const form = (focus: boolean) => {
    if (!content.form) return thanks('Thanks for taking the quiz!')();
    area.replaceChildren(buildForm(host, c, content.form, submitted));
    if (focus) area.querySelector<HTMLElement>('input,select')?.focus();
  };
  if (content.template === 'quiz' && content.quiz) area.append(buildQuiz(host, content.quiz, ids, () => form(true)));
  else if (content.form) form(false);
  else area.append(cta(host, content, ids) || '');
}

export function showOverlay(host: RenderHost, c: OverlayCampaign): void {
  const { template, title, body: text, image_url } = c.content;
  const modal = template === 'modal' || template === 'quiz';
  const ids = { overlay_id: overlayId(c), campaign_id: c.campaign_id };
  const el = ownHost(template === 'banner');
  const root = shadow(el);
  const returnTo = document.activeElement as HTMLElement | null;
  const titleId = uid('t');
  const area = h('div');
  const panel = h(
    'div',
    { class: `p ${template === 'banner' ? 'banner' : modal ? '' : 'slide'}`, role: template === 'banner' ? 'region' : 'dialog', 'aria-modal': modal ? 'true' : undefined, 'aria-labelledby': titleId, tabindex: '-1' },
    h('button', { type: 'button', class: 'x', 'aria-label': 'Close', onclick: () => close() }, '×'),
    img(image_url),
    h('h2', { id: titleId }, title),
    text && h('p', {}, text),
    area,
  );
  const onKey = (e: KeyboardEvent) => {
    const inside = document.activeElement === el;
    if (e.key === 'Escape' && (modal || inside)) close();
    else if (e.key === 'Tab' && modal) trapFocus(root, panel, e);
  };
  const onFocus = (e: FocusEvent) => {
    if (e.target !== el) (panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
  };
  function close() {
    el.remove();
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('focusin', onFocus, true);
    host.track('overlay_close', ids);
    if (modal && returnTo?.isConnected) returnTo.focus();
    host.closed(c);
  }
  const backdrop = modal && h('div', { class: 'bd', onclick: (e) => e.target === e.currentTarget && close() }, panel);
  root.append(h('div', { class: 'r' }, backdrop || panel));
  body(host, c, ids, area);
  document.addEventListener('keydown', onKey, true);
  if (modal) {
    document.addEventListener('focusin', onFocus, true);
    // The first field, else the first control after the close button.
    const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => x.tabIndex >= 0);
    (panel.querySelector<HTMLElement>('input:not([tabindex="-1"]),select') ?? controls[1] ?? controls[0] ?? panel).focus();
  }
  host.track('overlay_impression', ids);
}
