import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { useT } from '@/i18n/react';

export default function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('common.notFound.title'));
  return (
    <div className="page">
      <div className="card mx-auto max-w-lg text-center">
        <p className="text-5xl font-extrabold text-indigo-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('common.notFound.heading')}</h1>
        <p className="mt-2 text-slate-700">{t('common.notFound.text')}</p>
        <Link to={paths.home} className="btn-primary mt-6">
          {t('common.notFound.goHome')}
        </Link>
      </div>
    </div>
  );
}
