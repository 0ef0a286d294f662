import { useState } from 'react';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

// How the events list is drawn: big cards or compact rows. The visitor's
// choice is kept in this browser.
export type ListView = 'cards' | 'list';

const KEY = 'events_view';

export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(() => (localStorage.getItem(KEY) === 'list' ? 'list' : 'cards'));
  return [
    view,
    (next) => {
      localStorage.setItem(KEY, next);
      setView(next);
    },
  ];
}

const choices: { value: ListView; label: MessageId; icon: string }[] = [
  { value: 'cards', label: 'events.viewCards', icon: 'M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z' },
  { value: 'list', label: 'events.viewList', icon: 'M3 4h14v3H3zM3 8.5h14v3H3zM3 13h14v3H3z' },
];

// Two radio buttons drawn as one segmented switch.
export function ListViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const t = useT();
  return (
    <fieldset className="inline-flex rounded-lg bg-white p-0.5 shadow-sm ring-1 ring-slate-300">
      <legend className="sr-only">{t('events.viewLegend')}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="relative inline-flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 has-checked:bg-indigo-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-indigo-700"
        >
          <input
            type="radio"
            name="events-view"
            value={choice.value}
            checked={view === choice.value}
            onChange={() => onChange(choice.value)}
            className="sr-only"
          />
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d={choice.icon} />
          </svg>
          {t(choice.label)}
        </label>
      ))}
    </fieldset>
  );
}
