// The snippet that shows an organization's upcoming events on another
// site (docs/widget.md): the element the widget takes the place of, with a
// link to the organization's page for browsers that run no scripts, and
// the widget's loader, both from the Turnout at origin.
import { paths } from '@/config/paths';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function embedSnippet(origin: string, organizationId: string, linkText: string): string {
  const id = escapeHtml(organizationId);
  const page = escapeHtml(origin + paths.organization(organizationId));
  return [
    `<div data-turnout-organization="${id}">`,
    `  <a href="${page}">${escapeHtml(linkText)}</a>`,
    '</div>',
    `<script src="${escapeHtml(origin)}/embed.js" async></script>`,
  ].join('\n');
}
