import type { ReactNode } from 'react';
import { useT, type Translate } from '@/i18n/react';

export interface Detail {
  label: string;
  // Empty values read N/A, or leave their row out (omitEmpty).
  value: string | null | undefined;
  // How to show a non-empty value, when not as plain text.
  render?: (value: string) => ReactNode;
}

// The organization's profile shows every row, N/A where empty; a person's
// leaves empty rows out.
export function DetailList({ details, omitEmpty = false }: { details: Detail[]; omitEmpty?: boolean }) {
  const t = useT();
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {details.map(({ label, value, render }) => {
        const present = value != null && value.trim() !== '';
        if (!present && omitEmpty) return null;
        return (
          <div key={label} className="min-w-0">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 text-slate-900">{present ? (render ? render(value) : value) : t('profile.notAvailable')}</dd>
          </div>
        );
      })}
    </dl>
  );
}

// Only web addresses become links; anything else stays text.
export function WebsiteLink({ href }: { href: string }) {
  if (!/^https?:\/\//i.test(href)) return <>{href}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
      {href}
    </a>
  );
}

// The account's email and, until it is confirmed from there, the new
// address a change waits on.
export function emailDetail(t: Translate, email: string, pending: string | null | undefined): Detail {
  return {
    label: t('profile.email'),
    value: email,
    render: (value) => (
      <>
        {value}
        {pending && <span className="mt-0.5 block text-sm break-all text-amber-800">{t('profile.pendingEmail', { email: pending })}</span>}
      </>
    ),
  };
}
