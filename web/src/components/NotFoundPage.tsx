import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="page">
      <div className="card mx-auto max-w-lg text-center">
        <p className="text-5xl font-extrabold text-indigo-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-2 text-slate-700">Sorry, we could not find the page you were looking for. It may have moved or never existed.</p>
        <Link to={paths.home} className="btn-primary mt-6">
          Go to Home
        </Link>
      </div>
    </div>
  );
}
