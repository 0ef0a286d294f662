import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useNextPage, withNextPage } from '@/lib/nextPage';

// Where the activation link lands once the account is active; already,
// when the link was opened before (a second click, or a mail scanner that
// follows links before the person does). A sign-up on its way to a page
// (?next=) goes on to it after login.
export default function ActivatedPage({ already = false }: { already?: boolean }) {
  useDocumentTitle(already ? 'Account Already Activated' : 'Account Activated');
  const navigate = useNavigate();
  const next = useNextPage();
  return (
    <AuthCard title={already ? 'Account Already Activated' : 'Registration Successful'}>
      <p className="text-slate-700">
        {already
          ? 'Your account is already activated. Log in to start joining events.'
          : 'Your account has been activated. You can now log in and start joining events.'}
      </p>
      <button type="button" className="btn-primary mt-6 w-full" onClick={() => void navigate(withNextPage(paths.login, next))}>
        Go to Login
      </button>
    </AuthCard>
  );
}
