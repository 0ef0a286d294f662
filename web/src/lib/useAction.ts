import { useState } from 'react';
import toast from 'react-hot-toast';
import { serverMessages } from '@/lib/errors';

// useAction runs one request at a time, saying busy meanwhile; a failure
// is logged under label and toasted as the server's reason, or fallback.
export function useAction(): { busy: boolean; run: (label: string, fallback: string, action: () => Promise<void>) => Promise<boolean> } {
  const [busy, setBusy] = useState(false);
  async function run(label: string, fallback: string, action: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      console.error(label, error);
      toast.error(serverMessages(error)[0] ?? fallback);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
