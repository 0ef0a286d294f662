import { useMemo, useState } from 'react';
import { Combobox } from '@/components/Combobox';
import { searchTimeZones, timeZoneOption, timeZoneOptions, type TimeZoneOption } from '../timeZones';
import { useT, type Translate } from '@/i18n/react';

// The browser's own time zone, a new event's by default.
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

// The most choices shown at once: enough to scroll through one offset or
// a region, few enough for a phone (and a screen reader's "1 of n").
const SHOWN = 50;

// How many zones a search found, read out as the list changes.
const statusOf = (t: Translate, count: number) =>
  count > SHOWN ? t('dashboard.timeZone.countFirstShown', { count, shown: SHOWN }) : t('dashboard.timeZone.count', { count });

// The event's time zone, chosen from the zones the browser knows: found by
// city ("Lisbon"), zone or abbreviation, or offset ("+13", "GMT-5"); the
// event's zone and then the browser's lead the list.
export function TimeZonePicker({ value, errors, onChange }: { value: string; errors?: string[] | undefined; onChange: (zone: string) => void }) {
  const t = useT();
  const selected = useMemo(() => timeZoneOption(value), [value]);
  // Naming every zone takes a moment, so the list is made when first opened.
  const [all, setAll] = useState<TimeZoneOption[] | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const found = useMemo(() => (all ? searchTimeZones(all, query ?? '') : []), [all, query]);

  return (
    <div className="sm:col-span-2">
      <Combobox
        id="event-time_zone"
        label={t('dashboard.timeZone.label')}
        listLabel={t('dashboard.timeZone.listLabel')}
        text={query ?? selected.label}
        onTextChange={setQuery}
        options={found.slice(0, SHOWN)}
        keyOf={(o) => o.zone}
        selectedKey={value}
        pickFirst
        status={statusOf(t, found.length)}
        render={(o) => (
          <>
            <span dir="ltr">{o.label}</span> <span className="text-xs opacity-75">{o.offset}</span>
          </>
        )}
        onPick={(o) => {
          onChange(o.zone);
          setQuery(null);
        }}
        onOpen={() => setAll((known) => known ?? timeZoneOptions([value, browserTimeZone()]))}
        // Words typed but not picked give way to the chosen zone again.
        onBlur={() => setQuery(null)}
        errors={errors}
        describedBy="event-zone-help"
        inputProps={{ autoComplete: 'off', name: 'time_zone' }}
      />
      <p id="event-zone-help" className="mt-1 text-sm text-slate-600">
        {t('dashboard.timeZone.help', { offset: selected.offset })}
      </p>
    </div>
  );
}
