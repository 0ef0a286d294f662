import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FormProblems } from '@/components/FormField';
import { paths } from '@/config/paths';
import type { AccountState } from '@/api/useAccount';
import { PageLoading } from '@/components/PageLoading';
import { useProfileAccount } from '../hooks';
import { useT } from '@/i18n/react';

export function EditCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <div className="card mx-auto w-full max-w-2xl">
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

// The end of an edit form: what went wrong beyond its fields, then save
// (the children name it) or go back to the profile unchanged.
export function EditFormActions({ problems, saving, children }: { problems: string[]; saving: boolean; children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <div className="sm:col-span-2">
        <FormProblems messages={problems} />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
          {children}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void navigate(paths.profile)}>
          {t('profile.cancel')}
        </button>
      </div>
    </>
  );
}

// What an edit page edits: handed over in navigation state by the profile,
// else (a reload, a typed-in URL) the signed-in account's, loaded first.
// Only when that cannot be had is there nothing to edit.
export function EditedAccountData<T>({
  handed,
  pick,
  missing,
  children,
}: {
  handed: T | null;
  pick: (account: AccountState) => T | null;
  missing: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  const account = useProfileAccount();
  const data = handed ?? pick(account);
  if (data) return children(data);
  if (account.status === 'loading') return <PageLoading label={t('profile.loading')} />;
  return <NoDataFound message={missing} />;
}

// Shown when an edit page has nothing to edit.
export function NoDataFound({ message }: { message: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="page">
      <div className="card mx-auto w-full max-w-md text-center">
        <h1 className="text-xl font-semibold text-slate-900">{message}</h1>
        <button type="button" className="btn-primary mt-6" onClick={() => void navigate(paths.profile)}>
          {t('profile.backToProfile')}
        </button>
      </div>
    </div>
  );
}
