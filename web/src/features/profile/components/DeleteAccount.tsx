import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import { FormInput } from '@/components/FormField';
import { paths } from '@/config/paths';
import { errorBody } from '@/lib/errors';
import { announceLoginStatusChange, session } from '@/lib/storage';
import { useAction } from '@/lib/useAction';
import { clearQueries } from '@/lib/query';
import { deleteAccount } from '../api';
import { useT } from '@/i18n/react';

// Deleting the account, after entering the password again: its
// registrations are freed (and, for an organization, its events go), and
// it signs out everywhere.
export function DeleteAccount({ organizer }: { organizer: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const { busy, run } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const confirmed = await confirmToast(
      organizer ? t('profile.deleteOrganizationQuestion') : t('profile.deleteAccountQuestion'),
      { confirm: t('profile.deleteAccountButton'), cancel: t('profile.keepIt') },
    );
    if (!confirmed) return;
    setErrors([]);
    await run('delete account', t('profile.deleteFailed'), async () => {
      try {
        await deleteAccount(password);
      } catch (error) {
        const fields = errorBody(error).password;
        if (fields) {
          setErrors(fields);
          return;
        }
        throw error;
      }
      session.clear();
      clearQueries();
      announceLoginStatusChange();
      toast.success(t('profile.accountDeleted'));
      void navigate(paths.home);
    });
  }

  return (
    <section aria-labelledby="delete-account" className="card mt-6">
      <h2 id="delete-account" className="mb-1 text-xl font-semibold text-slate-900">
        {t('profile.deleteAccountTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        {organizer ? t('profile.deleteOrganizationText') : t('profile.deleteAccountText')}
      </p>
      <form onSubmit={(e) => void submit(e)} className="grid max-w-sm gap-3">
        <FormInput
          id="delete-password"
          label={t('profile.yourPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          errors={errors}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div>
          <button type="submit" className="btn-danger" disabled={busy || password === ''} aria-busy={busy}>
            {t('profile.deleteAccountButton')}
          </button>
        </div>
      </form>
    </section>
  );
}
