import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/dom';
import { startSpeaking } from '@/i18n/i18n';
import { eventDefaults } from '@/test/fixtures';
import type { TurnoutEvent } from '@/types/api';
import { type OrganizationPage, renderFailure, renderWidget, widgetTitle } from './render';

const orgId = '01J0000000000000000000ORG1';
const talk: TurnoutEvent = {
  ...eventDefaults,
  id: '01J0000000000000000000TALK',
  title: 'Night Sky Talk',
  description: 'Stars, planets and a telescope.',
  location: 'Observatory Hill',
  city: 'Berlin',
  // 18:00 to 21:00 in Berlin (CET), whatever the zone the tests run in.
  start_time: '2031-12-05T17:00:00Z',
  end_time: '2031-12-05T20:00:00Z',
  time_zone: 'Europe/Berlin',
  capacity: 40,
  seats_left: 12,
  banner: null,
  banner_url: null,
  organization: { id: orgId, name: 'Stargazers', logo_url: null },
};
const stream: TurnoutEvent = { ...talk, id: '01J0000000000000000000LIVE', title: 'Live from the Dome', location: 'Online', city: '', online: true, cancelled: true };
const page: OrganizationPage = {
  id: orgId,
  name: 'Stargazers',
  description: 'Amateur astronomers who share the sky.',
  link: '',
  logo_url: null,
  upcoming_events: [talk, stream],
  past_events: 0,
  past_events_more: false,
  followers: 0,
  calendar_url: '',
  webcal: '',
};

// The widget as its page shows it.
function shown(answer: OrganizationPage) {
  const main = renderWidget(document, answer);
  document.body.replaceChildren(main);
  return within(main);
}

describe("the widget's content", () => {
  it('names the organization and lists its upcoming events, each a link to its page on Turnout, in its own zone and place', () => {
    const widget = shown(page);
    expect(widget.getByRole('heading', { level: 1, name: 'Upcoming events of Stargazers' })).toBeInTheDocument();
    const items = widget.getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0]!);
    const link = first.getByRole('link', { name: 'Night Sky Talk' });
    expect(link).toHaveAttribute('href', `/event/detail?id=${talk.id}`);
    expect(link).toHaveAttribute('target', '_top');
    expect(first.getByRole('heading', { level: 2, name: 'Night Sky Talk' })).toBeInTheDocument();
    const time = items[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', talk.start_time);
    expect(time.textContent).toMatch(/^Fri, Dec 5, 6:00\s*–\s*9:00\s*PM CET \(Europe\/Berlin\)$/);
    expect(first.getByText('Observatory Hill · Berlin')).toBeInTheDocument();

    // An online event says so; a cancelled one says that too.
    const second = within(items[1]!);
    expect(second.getByRole('link', { name: 'Live from the Dome' })).toHaveAttribute('href', `/event/detail?id=${stream.id}`);
    expect(second.getByText('Online')).toBeInTheDocument();
    expect(second.getByText('Cancelled')).toBeInTheDocument();
    expect(first.queryByText('Cancelled')).toBeNull();

    const more = widget.getByRole('link', { name: 'More events on Turnout' });
    expect(more).toHaveAttribute('href', `/organizations/${orgId}`);
    expect(more).toHaveAttribute('target', '_top');
    expect(widgetTitle(page)).toBe('Upcoming events of Stargazers');
  });

  it('says when the organization has no upcoming event, still linking to its page', () => {
    const widget = shown({ ...page, upcoming_events: [] });
    expect(widget.getByRole('heading', { level: 1, name: 'Upcoming events of Stargazers' })).toBeInTheDocument();
    expect(widget.getByText('No upcoming events right now.')).toBeInTheDocument();
    expect(widget.queryByRole('list')).toBeNull();
    expect(widget.getByRole('link', { name: 'More events on Turnout' })).toHaveAttribute('href', `/organizations/${orgId}`);
  });

  it('says when the events could not be loaded, and goes by the name Turnout', () => {
    const main = renderFailure(document);
    expect(main.textContent).toBe('The events could not be loaded. Please try again later.');
    expect(widgetTitle(null)).toBe('Turnout');
  });

  it('speaks German, with times written the German way in the event’s zone', async () => {
    await startSpeaking('de', 'common', 'widget');
    const widget = shown(page);
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(widget.getByRole('heading', { level: 1, name: 'Kommende Veranstaltungen von Stargazers' })).toBeInTheDocument();
    expect(widget.getAllByRole('listitem')[0]!.querySelector('time')!.textContent).toMatch(/^Fr\., 5\. Dez\., 18:00\s*–\s*21:00\s*Uhr CET \(Europe\/Berlin\)$/);
    expect(widget.getByText('Abgesagt')).toBeInTheDocument();
    expect(widget.getByRole('link', { name: 'Mehr Veranstaltungen auf Turnout' })).toBeInTheDocument();
  });

  it('reads right to left in Arabic, the organization’s name kept apart from the words around it', async () => {
    await startSpeaking('ar', 'common', 'widget');
    const widget = shown({ ...page, upcoming_events: [] });
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(widget.getByRole('heading', { level: 1 }).textContent).toBe('فعاليات \u2068Stargazers\u2069 القادمة');
    expect(widget.getByText('لا توجد فعاليات قادمة حاليًا.')).toBeInTheDocument();
    expect(widget.getByRole('link', { name: 'المزيد من الفعاليات على Turnout' })).toBeInTheDocument();
  });
});
