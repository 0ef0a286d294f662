import { useState } from 'react';
import toast from 'react-hot-toast';
import { cancelManagedRegistration, openManagedRegistration, type ManagedRegistration } from '@/api/guests';
import { confirmToast } from '@/components/confirmToast';
import { useT } from '@/i18n/react';
import { serverMessages, statusOf } from '@/lib/errors';
import { invalidateQuery, useQuery } from '@/lib/query';
import { GIVING_UP } from './words';

const keyOf = (secret: string) => `rsvp:${secret}`;

// The registration a manage link's secret opens. A link no longer valid
// (404) is the page's to say, not an error to log.
export function useManagedRegistration(secret: string) {
  return useQuery(keyOf(secret), () => openManagedRegistration(secret), {
    onError: (error) => statusOf(error) !== 404 && console.error('open managed registration', error),
  });
}

// Forgets the registration a cancelled link opened: the link ends with it.
// Called once nobody shows it, so it is dropped rather than loaded again.
export function forgetManagedRegistration(secret: string): void {
  invalidateQuery(keyOf(secret));
}

// Giving the registration up, after asking in words that say what each
// choice does; onCancelled follows the API's yes. words are message ids.
export function useGiveUp(secret: string, managed: ManagedRegistration, onCancelled: () => void) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const words = GIVING_UP[managed.registration.status];

  async function giveUp() {
    if (busy) return;
    if (!(await confirmToast(t(words.question, { title: managed.event.title }), { confirm: t(words.confirm), cancel: t(words.keep) }))) return;
    setBusy(true);
    try {
      await cancelManagedRegistration(secret);
      onCancelled();
    } catch (error) {
      // A link that stopped working (404) or too many changes (429): the
      // server's words say what happened.
      const status = statusOf(error);
      const reason = status === 404 || status === 429 ? serverMessages(error)[0] : undefined;
      if (!reason) console.error('cancel managed registration', error);
      toast.error(reason ?? t(words.failed));
    } finally {
      setBusy(false);
    }
  }

  return { busy, giveUp, words };
}
