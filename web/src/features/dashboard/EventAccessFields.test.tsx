import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { answerAccount, answerEvents, events, openCreateForm, ownerRead, preloadPages, signIn } from './test-fixtures';

// The event form's visibility, invite link and online link.

beforeAll(async () => {
  await preloadPages();
});

const INVITE_URL = 'http://localhost:3000/event/detail?id=01JEVT00000000000000000001&invite=old-code';

function answerUpdate() {
  const sent: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.patch(apiUrl('/event/detail/:id/'), async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return HttpResponse.json(events[0]);
    }),
  );
  return sent;
}

describe('event form: who can find it, and the online link', () => {
  it('loads the organizer’s own read of the event, with its online and invite links', async () => {
    signIn();
    answerAccount();
    const asked: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/event/detail/:id/'), ({ request }) => {
        asked.push(request.headers.get('Authorization'));
        return HttpResponse.json({ ...events[0]!, visibility: 'private', online: true, online_url: 'https://meet.example.com/x', invite_url: INVITE_URL });
      }),
    );
    // The list's copy in navigation state has neither link.
    renderApp('/dashboard/event-update', { event: events[0] });

    expect(await screen.findByLabelText('Online link (optional)')).toHaveValue('https://meet.example.com/x');
    expect(screen.getByLabelText('Private')).toBeChecked();
    expect(screen.getByLabelText('Invite link')).toHaveValue(INVITE_URL);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^Bearer ./);
  });

  it('makes a new invite link on request', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const resets: string[] = [];
    server.use(
      http.post(apiUrl('/event/detail/:id/invite/reset/'), ({ params }) => {
        resets.push(String(params.id));
        return HttpResponse.json({ invite_url: INVITE_URL.replace('old-code', 'new-code') });
      }),
    );
    const { user } = renderApp('/dashboard/event-update', { event: ownerRead({ ...events[0]!, visibility: 'private', invite_url: INVITE_URL }) });

    await user.click(await screen.findByRole('button', { name: 'Make a New Link' }));

    expect(await screen.findByText('New invite link made. The old one no longer opens the event.')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite link')).toHaveValue(INVITE_URL.replace('old-code', 'new-code'));
    expect(resets).toEqual([events[0]!.id]);
  });

  it('sends a changed visibility and online link, warning that search engines remember a public event', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const sent = answerUpdate();
    const { user } = renderApp('/dashboard/event-update', { event: ownerRead(events[0]!) });

    await user.click(await screen.findByLabelText('Unlisted'));
    expect(screen.getByText(/search engines may still show it for a while/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Online link (optional)'), 'https://meet.example.com/jazz');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ visibility: 'unlisted', online_url: 'https://meet.example.com/jazz' });
  });

  it('says a new private event gets its invite link once saved, and shows the API’s reasons at the fields', async () => {
    server.use(
      http.post(apiUrl('/event/create/'), () =>
        HttpResponse.json({ online_url: ['Enter a valid https:// link.'], visibility: ['Choose public, unlisted or private.'] }, { status: 400 }),
      ),
    );
    const { user } = await openCreateForm();

    await user.click(screen.getByLabelText('Private'));
    expect(screen.getByText('Its invite link appears here once you save the event.')).toBeInTheDocument();
    for (const [label, value] of [
      ['Title', 'Jazz'],
      ['Location', 'Hall'],
      ['Description', 'Live.'],
      ['Capacity', '5'],
    ] as const)
      await user.type(screen.getByLabelText(label), value);
    await user.type(screen.getByLabelText('Start time'), '2030-05-01T18:30');
    await user.type(screen.getByLabelText('End time'), '2030-05-01T21:00');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(await screen.findByText('Enter a valid https:// link.')).toBeInTheDocument();
    expect(screen.getByText('Choose public, unlisted or private.')).toBeInTheDocument();
  });
});

describe('event form: registration questions', () => {
  it('asks questions in the order set, options one a line, and keeps a question’s id when edited', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const sent = answerUpdate();
    const asked = ownerRead({
      ...events[0]!,
      questions: [{ id: 'qDiet', label: 'Diet', kind: 'choice', options: ['None', 'Vegan'], required: true }],
    });
    const { user } = renderApp('/dashboard/event-update', { event: asked });

    expect(await screen.findByLabelText('Question 1')).toHaveValue('Diet');
    expect(screen.getByLabelText('Options, one a line')).toHaveValue('None\nVegan');
    await user.type(screen.getByLabelText('Options, one a line'), '\nVegetarian');
    await user.click(screen.getByRole('button', { name: 'Add a Question' }));
    await user.type(screen.getByLabelText('Question 2'), 'I accept the code of conduct');
    await user.selectOptions(screen.getAllByLabelText('Answered by')[1]!, 'A box to tick (consent or terms)');
    await user.click(screen.getByLabelText('Must be ticked to register'));
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(sent[0]!.questions))).toEqual([
      { label: 'I accept the code of conduct', kind: 'checkbox', options: [], required: true },
      { id: 'qDiet', label: 'Diet', kind: 'choice', options: ['None', 'Vegan', 'Vegetarian'], required: true },
    ]);
  });

  it('sends no questions when they were not touched, and at most ten can be added', async () => {
    signIn();
    answerAccount();
    answerEvents();
    const sent = answerUpdate();
    const { user } = renderApp('/dashboard/event-update', { event: ownerRead(events[0]!) });

    const add = await screen.findByRole('button', { name: 'Add a Question' });
    for (let i = 0; i < 10; i++) await user.click(add);
    expect(add).toBeDisabled();
    for (let i = 10; i > 0; i--) await user.click(screen.getByRole('button', { name: `Remove question ${i}` }));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    expect(sent[0]).not.toHaveProperty('questions');
  });
});
