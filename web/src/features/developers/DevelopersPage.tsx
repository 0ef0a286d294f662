import { useDashboardMembership } from '@/api/useRole';
import { LoadFailed } from '@/components/ListStatus';
import { useDocumentTitle } from '@/lib/documentTitle';
import { mayManageOrganization } from '@/lib/roles';
import { useT } from '@/i18n/react';
import { ApiTokens } from './ApiTokens';
import { EmbedEvents } from './EmbedEvents';
import { Webhooks } from './Webhooks';

// The dashboard's API & webhooks page: the organization's API tokens and
// webhook endpoints, which only its owners manage (the server decides
// again; other roles are not offered the page), and the snippet that
// embeds its events in another site.
export default function DevelopersPage() {
  const t = useT();
  useDocumentTitle(t('developers.documentTitle'));
  const { status, membership, retry } = useDashboardMembership();
  const owner = membership !== null && mayManageOrganization(membership.role);

  return (
    <section aria-labelledby="developers-title" className="grid gap-8">
      <div>
        <h1 id="developers-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('developers.title')}
        </h1>
        <p className="mt-1 text-slate-700">{t('developers.intro')}</p>
      </div>
      {status === 'loading' && (
        <p role="status" className="text-slate-600">
          {t('developers.loading')}
        </p>
      )}
      {status === 'error' && <LoadFailed what={t('developers.accountWhat')} retry={retry} />}
      {membership && !owner && <p className="card text-slate-700">{t('developers.ownersOnly')}</p>}
      {membership && owner && (
        <>
          <ApiTokens organizationId={membership.id} />
          <Webhooks organizationId={membership.id} />
          <EmbedEvents organizationId={membership.id} />
        </>
      )}
    </section>
  );
}
