import { useState } from 'react';
import type { Organization } from '@/types/api';
import { PLACEHOLDER_IMAGE } from '@/config/images';


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
  const name = organization.organization.trim() || 'N/A';
  const link = organization.link?.trim();
  const rows: [string, string | null | undefined][] = [
    ['Username', organization.organizer?.username],
    ['Email', organization.email],
    ['Phone', organization.phone],
    ['Address Line 1', organization.address1],
    ['Address Line 2', organization.address2],
    ['Description', organization.description],
  ];

  return (
    <section aria-labelledby="dashboard-organization-name" className="card">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <Logo src={organization.logo_url} alt={`${name} logo`} />
        <h2 id="dashboard-organization-name" className="text-xl font-semibold text-slate-900">
          {name}
        </h2>
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 text-slate-900">{value?.trim() || 'N/A'}</dd>
          </div>
        ))}
        <div className="min-w-0">
          <dt className="text-sm font-medium text-slate-600">Website</dt>
          <dd className="mt-0.5 text-slate-900">
            {!link ? (
              'N/A'
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
