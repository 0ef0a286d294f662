// The widget's page (embed.html), which the loader shows in its iframe: an
// organization's upcoming events (?organization=) in the language the
// loader chose (?lang=), its height told to the page that embeds it. It
// keeps nothing in the browser: no cookie, no storage.
import './widget.css';
import { startSpeaking } from '@/i18n/i18n';
import { publicGet } from '@/lib/publicGet';
import { widgetLanguage } from './language';
import { type OrganizationPage, renderFailure, renderWidget, widgetTitle } from './render';
import { reportSize } from './size';

// The organization's public page, or null when it cannot be read.
async function organizationPage(id: string): Promise<OrganizationPage | null> {
  if (!id) return null;
  try {
    return (await publicGet<OrganizationPage>(`/organization/public/${encodeURIComponent(id)}/`)).data;
  } catch {
    return null;
  }
}

async function show(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const answer = organizationPage(params.get('organization') ?? '');
  // Its words come while the answer does: "common" for times and places.
  await startSpeaking(widgetLanguage(params.get('lang'), navigator.languages), 'common', 'widget');
  const page = await answer;
  document.title = widgetTitle(page);
  document.body.replaceChildren(page ? renderWidget(document, page) : renderFailure(document));
  reportSize(window);
}

void show();
