import { useAction } from '@/lib/useAction';
import { downloadMyData } from '../api';

// The person's copy of everything the product holds about them.
export function YourData() {
  const { busy, run } = useAction();
  const download = () => run('export my data', 'Failed to download your data.', downloadMyData);

  return (
    <section aria-labelledby="your-data" className="card mt-6">
      <h2 id="your-data" className="mb-1 text-xl font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mb-3 text-sm text-slate-600">Your profile, email settings and every registration, as a JSON file.</p>
      <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void download()}>
        Download my data
      </button>
    </section>
  );
}
