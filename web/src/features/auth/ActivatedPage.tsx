import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';

// Where the activation link lands once the account is active.
export default function ActivatedPage() {
  useDocumentTitle('Account Activated');
  const navigate = useNavigate();
  return (
    <AuthCard title="Registration Successful">
      <p className="text-slate-700">Your account has been activated. You can now log in and start joining events.</p>
      <button type="button" className="btn-primary mt-6 w-full" onClick={() => void navigate(paths.login)}>
        Go to Login
      </button>
    </AuthCard>
  );
}
