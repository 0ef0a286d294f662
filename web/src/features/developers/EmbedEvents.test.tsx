import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { changeLanguage } from '@/i18n/i18n';
import { renderApp } from '@/test/render';
import { embedSnippet } from './embedSnippet';
import { answerAccount, answerDevelopers, organization, preloadPages, signIn } from './test-fixtures';

beforeAll(async () => {
  await preloadPages();
});

// The embed section of the owner's API & webhooks page.
async function openSection() {
  signIn();
  answerAccount();
  answerDevelopers();
  const view = renderApp('/dashboard/developers');
  const section = await screen.findByRole('region', { name: 'Embed your events' });
  return { ...view, section };
}

describe('Embed your events', () => {
  it("gives the snippet of this organization on this site's address, to copy", async () => {
    const { user, section } = await openSection();
    const origin = window.location.origin;
    const expected = [
      `<div data-turnout-organization="${organization.id}">`,
      `  <a href="${origin}/organizations/${organization.id}">Our events on Turnout</a>`,
      '</div>',
      `<script src="${origin}/embed.js" async></script>`,
    ].join('\n');
    expect(section).toHaveTextContent("show the organization's upcoming events there, in the site's language and sized to its content, without setting any cookies.");
    const field = within(section).getByLabelText('Code for your website');
    expect(field).toHaveValue(expected);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAttribute('dir', 'ltr');

    await user.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(expected);
    expect(within(section).getByRole('status')).toHaveTextContent('Copied.');
  });

  it('writes the fallback link in the language shown', async () => {
    const { section } = await openSection();
    await act(() => changeLanguage('fr'));
    const field = await within(section).findByLabelText<HTMLTextAreaElement>('Code pour votre site web');
    expect(field.value).toContain(`/organizations/${organization.id}">Nos événements sur Turnout</a>`);
  });

  it('escapes what it puts in the HTML', () => {
    expect(embedSnippet('https://turnout.example', 'a"b', 'Tom & Jerry <3')).toBe(
      [
        '<div data-turnout-organization="a&quot;b">',
        '  <a href="https://turnout.example/organizations/a%22b">Tom &amp; Jerry &lt;3</a>',
        '</div>',
        '<script src="https://turnout.example/embed.js" async></script>',
      ].join('\n'),
    );
  });
});
