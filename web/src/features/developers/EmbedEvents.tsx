import { useT } from '@/i18n/react';
import { CopyField } from './CopyField';
import { embedSnippet } from './embedSnippet';

// The snippet that shows the organization's upcoming events on the
// owner's own site (the widget, docs/widget.md), ready to copy.
export function EmbedEvents({ organizationId }: { organizationId: string }) {
  const t = useT();
  const snippet = embedSnippet(window.location.origin, organizationId, t('developers.embed.fallbackLink'));
  return (
    <section aria-labelledby="embed-title" className="grid gap-4">
      <h2 id="embed-title" className="text-xl font-semibold text-slate-900">
        {t('developers.embed.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('developers.embed.help')}</p>
      <CopyField id="embed-snippet" label={t('developers.embed.label')} value={snippet} multiline />
    </section>
  );
}
