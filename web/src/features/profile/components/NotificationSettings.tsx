import { useState } from 'react';
import { useAction } from '@/lib/useAction';
import { getNotifications, setNotifications, type NotificationKind, type NotificationSettings as Settings } from '../api';

// In the order the API lists them.
const KINDS: { kind: NotificationKind; label: string }[] = [
  { kind: 'reminder_24h', label: 'A reminder the day before an event I registered for' },
  { kind: 'reminder_1h', label: 'A reminder 1 hour before it starts' },
  { kind: 'event_changes', label: 'When an event I registered for moves' },
  { kind: 'organizer_messages', label: "Organizers' messages about events I registered for" },
  { kind: 'new_events', label: 'New events of the organizations I follow' },
];

// Which mails the person gets. Confirmations, cancellations and account
// mail always go. The settings are asked for only when the person opens
// the section.
export function NotificationSettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  // Said after each change the server kept, so a click is not left unanswered.
  const [saved, setSaved] = useState(false);
  const { busy, run: act } = useAction();
  const run = (action: () => Promise<Settings>, label: string, failure: string) => act(label, failure, async () => setSettings(await action()));
  const save = async (changes: Partial<Settings>) => {
    setSaved(false);
    setSaved(await run(() => setNotifications(changes), 'save notifications', 'Failed to save your choice.'));
  };

  return (
    <section aria-labelledby="notification-settings" className="card mt-6">
      <h2 id="notification-settings" className="mb-1 text-xl font-semibold text-slate-900">
        Email notifications
      </h2>
      <p className="mb-3 text-sm text-slate-600">Confirmations, cancellations and account emails always go.</p>
      {settings ? (
        <fieldset disabled={busy} aria-busy={busy} className="grid gap-2">
          <legend className="sr-only">Emails I get</legend>
          {KINDS.map(({ kind, label }) => (
            <label key={kind} className="flex items-center gap-3 text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 text-indigo-700"
                checked={settings[kind]}
                onChange={(e) => void save({ [kind]: e.target.checked })}
              />
              {label}
            </label>
          ))}
          <p role="status" className="min-h-5 text-sm font-medium text-emerald-800">
            {saved && !busy ? 'Saved' : ''}
          </p>
        </fieldset>
      ) : (
        <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void run(getNotifications, 'load notifications', 'Failed to load your settings.')}>
          Choose emails
        </button>
      )}
    </section>
  );
}
