import { useAction } from '@/lib/useAction';
import { downloadMyData } from '../api';
import { useT } from '@/i18n/react';

// The person's copy of everything the product holds about them.
export function YourData() {
  const t = useT();
  const { busy, run } = useAction();
  const download = () => run('export my data', t('profile.downloadFailed'), downloadMyData);

  return (
    <section aria-labelledby="your-data" className="card mt-6">
      <h2 id="your-data" className="mb-1 text-xl font-semibold text-slate-900">
        {t('profile.yourDataTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('profile.yourDataText')}</p>
      <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {t('profile.downloadMyData')}
      </button>
    </section>
  );
}
