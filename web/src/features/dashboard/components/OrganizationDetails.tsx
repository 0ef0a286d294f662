import { useState } from 'react';
import type { Organization } from '@/types/api';
import { PLACEHOLDER_IMAGE } from '@/config/images';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

function Logo({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <img
      src={src && src !== broken ? src : PLACEHOLDER_IMAGE}
      alt={alt}
      width={80}
      height={80}
      className="h-20 w-20 shrink-0 rounded-full bg-slate-200 object-cover ring-1 ring-slate-300"
      onError={() => setBroken(src)}
    />
  );
}

// The organization's profile, read-only.
export function OrganizationDetails({ organization }: { organization: Organization }) {
  const t = useT();
  const none = t('dashboard.details.none');
  const name = organization.organization.trim() || none;
  const link = organization.link?.trim();
  const rows: [MessageId, string | null | undefined][] = [
    ['dashboard.details.username', organization.organizer?.username],
    ['dashboard.details.email', organization.email],
    ['dashboard.details.phone', organization.phone],
    ['dashboard.details.address1', organization.address1],
    ['dashboard.details.address2', organization.address2],
    ['dashboard.details.description', organization.description],
  ];

  return (
    <section aria-labelledby="dashboard-organization-name" className="card">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
        <Logo src={organization.logo_url} alt={t('dashboard.details.logoAlt', { name })} />
        <h2 id="dashboard-organization-name" className="text-xl font-semibold text-slate-900">
          {name}
        </h2>
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm font-medium text-slate-600">{t(label)}</dt>
            <dd className="mt-0.5 text-slate-900">{value?.trim() || none}</dd>
          </div>
        ))}
        <div className="min-w-0">
          <dt className="text-sm font-medium text-slate-600">{t('dashboard.details.website')}</dt>
          <dd className="mt-0.5 text-slate-900">
            {!link ? (
              none
            ) : /^https?:\/\//i.test(link) ? (
              <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                {link}
              </a>
            ) : (
              link
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
