import { useState } from 'react';
import { useAction } from '@/lib/useAction';
import { getNotifications, setNotifications, type NotificationKind, type NotificationSettings as Settings } from '../api';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

// In the order the API lists them.
const KINDS: { kind: NotificationKind; label: MessageId }[] = [
  { kind: 'reminder_24h', label: 'profile.notifyReminder24h' },
  { kind: 'reminder_1h', label: 'profile.notifyReminder1h' },
  { kind: 'event_changes', label: 'profile.notifyEventChanges' },
  { kind: 'organizer_messages', label: 'profile.notifyOrganizerMessages' },
  { kind: 'new_events', label: 'profile.notifyNewEvents' },
];

// Which mails the person gets. Confirmations, cancellations and account
// mail always go. The settings are asked for only when the person opens
// the section.
export function NotificationSettings() {
  const t = useT();
  const [settings, setSettings] = useState<Settings | null>(null);
  // Said after each change the server kept, so a click is not left unanswered.
  const [saved, setSaved] = useState(false);
  const { busy, run: act } = useAction();
  const run = (action: () => Promise<Settings>, label: string, failure: string) => act(label, failure, async () => setSettings(await action()));
  const save = async (changes: Partial<Settings>) => {
    setSaved(false);
    setSaved(await run(() => setNotifications(changes), 'save notifications', t('profile.notificationsSaveFailed')));
  };

  return (
    <section aria-labelledby="notification-settings" className="card mt-6">
      <h2 id="notification-settings" className="mb-1 text-xl font-semibold text-slate-900">
        {t('profile.notificationsTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('profile.notificationsText')}</p>
      {settings ? (
        <fieldset disabled={busy} aria-busy={busy} className="grid gap-2">
          <legend className="sr-only">{t('profile.notificationsLegend')}</legend>
          {KINDS.map(({ kind, label }) => (
            <label key={kind} className="flex items-center gap-3 text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 text-indigo-700"
                checked={settings[kind]}
                onChange={(e) => void save({ [kind]: e.target.checked })}
              />
              {t(label)}
            </label>
          ))}
          <p role="status" className="min-h-5 text-sm font-medium text-emerald-800">
            {saved && !busy ? t('profile.notificationsSaved') : ''}
          </p>
        </fieldset>
      ) : (
        <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void run(getNotifications, 'load notifications', t('profile.notificationsLoadFailed'))}>
          {t('profile.notificationsChoose')}
        </button>
      )}
    </section>
  );
}
