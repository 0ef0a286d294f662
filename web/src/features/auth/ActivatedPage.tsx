import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useNextPage, withNextPage } from '@/lib/nextPage';
import { useT } from '@/i18n/react';

// Where the activation link lands once the account is active; already,
// when the link was opened before (a second click, or a mail scanner that
// follows links before the person does). A sign-up on its way to a page
// (?next=) goes on to it after login.
export default function ActivatedPage({ already = false }: { already?: boolean }) {
  const t = useT();
  useDocumentTitle(already ? t('auth.alreadyActivatedTitle') : t('auth.activatedTitle'));
  const navigate = useNavigate();
  const next = useNextPage();
  return (
    <AuthCard title={already ? t('auth.alreadyActivatedTitle') : t('auth.registrationSuccessful')}>
      <p className="text-slate-700">{already ? t('auth.alreadyActivatedText') : t('auth.activatedText')}</p>
      <button type="button" className="btn-primary mt-6 w-full" onClick={() => void navigate(withNextPage(paths.login, next))}>
        {t('auth.goToLogin')}
      </button>
    </AuthCard>
  );
}
