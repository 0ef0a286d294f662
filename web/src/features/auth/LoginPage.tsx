import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { getProfile } from '@/api/account';
import { paths } from '@/config/paths';
import { serverMessages, statusOf } from '@/lib/errors';
import { announceLoginStatusChange, session } from '@/lib/storage';
import { useNextPage, withNextPage } from '@/lib/nextPage';
import { login } from './api';
import { AuthCard, Field, FormError, SubmitButton } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';
import { T, useT } from '@/i18n/react';

const linkClass = 'font-semibold text-indigo-700 underline-offset-2 hover:underline';

export default function LoginPage() {
  const t = useT();
  useDocumentTitle(t('auth.logInTitle'));
  const navigate = useNavigate();
  // The page the person was on their way to (an event they meant to
  // register for); without one, the profile, as always.
  const next = useNextPage();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setSubmitting(true);
    try {
      session.setTokens(await login({ username: username.trim(), password }));
    } catch (error) {
      toast.error(t('auth.loginFailed'));
      // Not yet activated (403) or locked out (429): the server says what to do.
      const status = statusOf(error);
      if (status === 403 || status === 429) for (const message of serverMessages(error)) toast.error(message);
      setSubmitting(false);
      return;
    }
    try {
      const profile = await getProfile();
      if (profile.is_organizer && profile.organization_id) session.setOrganizationId(profile.organization_id);
    } catch (error) {
      // Only logged, not toasted: the login itself succeeded.
      console.error('load profile after login', error);
    }
    announceLoginStatusChange();
    toast.success(t('auth.loginSuccessful'));
    void navigate(next ?? paths.profile);
  }

  return (
    <AuthCard title={t('auth.logInTitle')}>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label={t('auth.logInForm')}>
        <Field
          id="username"
          name="username"
          label={t('auth.username')}
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          invalid={missing && username.trim() === ''}
          errorId="login-missing"
        />
        <Field
          id="password"
          name="password"
          type="password"
          label={t('auth.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={missing && password === ''}
          errorId="login-missing"
        />
        <div className="text-end text-sm">
          <Link to={paths.forgotPassword} className={linkClass}>
            {t('auth.forgotPasswordLink')}
          </Link>
        </div>
        {missing && <FormError id="login-missing">{t('auth.enterUsernameAndPassword')}</FormError>}
        <SubmitButton busy={submitting}>{t('auth.loginButton')}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        <T id={'auth.noAccount'} components={{ 0: <Link to={withNextPage(paths.register, next)} className={linkClass} /> }} />
      </p>
    </AuthCard>
  );
}
