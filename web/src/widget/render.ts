// The widget's content from an organization's public page (GET
// /api/organization/public/{id}/): its name, its upcoming events, each a
// link to its page on Turnout with its time in its own zone and its place
// (or that it has none), and a link to the organization's page; in the
// language shown (src/i18n/i18n.ts), plain DOM.
import { paths } from '@/config/paths';
import { t } from '@/i18n/i18n';
import { whereOf } from '@/lib/eventInfo';
import { eventTimeRange } from '@/lib/time';
import type { Schemas } from '@/types/api';

export type OrganizationPage = Schemas['OrganizationPage'];
type UpcomingEvent = OrganizationPage['upcoming_events'][number];

function element<K extends keyof HTMLElementTagNameMap>(document: Document, tag: K, text = '', className = ''): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (text) made.textContent = text;
  if (className) made.className = className;
  return made;
}

// A link to a page of Turnout, opened in the whole window: the widget's
// iframe is too small a place for it.
function link(document: Document, href: string, text: string): HTMLAnchorElement {
  const a = element(document, 'a', text);
  a.href = href;
  a.target = '_top';
  return a;
}

function eventItem(document: Document, event: UpcomingEvent): HTMLLIElement {
  const item = element(document, 'li', '', event.cancelled ? 'event cancelled' : 'event');
  const title = element(document, 'h2');
  title.append(link(document, paths.eventDetail(event.id), event.title));
  const when = element(document, 'time', eventTimeRange(event.start_time, event.end_time, event.time_zone));
  when.dateTime = event.start_time;
  const whenLine = element(document, 'p');
  whenLine.append(when);
  item.append(title, whenLine);
  const where = whereOf(event);
  if (where) item.append(element(document, 'p', where));
  if (event.cancelled) item.append(element(document, 'p', t('common.event.cancelled'), 'status'));
  return item;
}

// The title the widget's page and its iframe go by.
export function widgetTitle(page: OrganizationPage | null): string {
  return page ? t('widget.heading', { organization: page.name }) : 'Turnout';
}

export function renderWidget(document: Document, page: OrganizationPage): HTMLElement {
  const main = element(document, 'main');
  main.append(element(document, 'h1', widgetTitle(page)));
  if (page.upcoming_events.length === 0) {
    main.append(element(document, 'p', t('widget.empty'), 'empty'));
  } else {
    const list = element(document, 'ul', '', 'events');
    list.append(...page.upcoming_events.map((event) => eventItem(document, event)));
    main.append(list);
  }
  const more = element(document, 'p', '', 'more');
  more.append(link(document, paths.organization(page.id), t('widget.more')));
  main.append(more);
  return main;
}

// What shows when the organization's page could not be read (none by that
// id, the network, the service).
export function renderFailure(document: Document): HTMLElement {
  const main = element(document, 'main');
  main.append(element(document, 'p', t('widget.loadFailed'), 'failed'));
  return main;
}
