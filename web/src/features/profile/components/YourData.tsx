import { useState } from 'react';
import toast from 'react-hot-toast';
import { downloadMyData } from '../api';

// The person's copy of everything the product holds about them.
export function YourData() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadMyData();
    } catch (error) {
      console.error('export my data', error);
      toast.error('Failed to download your data.');
    } finally {
      setBusy(false);
    }
  }

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
