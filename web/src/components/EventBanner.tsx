import type { TurnoutEvent } from '@/types/api';
import { useT } from '@/i18n/react';

// Dark pairs, so the white text on them reads at well over 4.5:1.
export const PALETTES = [
  ['#3730a3', '#6d28d9'],
  ['#0f766e', '#155e75'],
  ['#9f1239', '#7e22ce'],
  ['#1e40af', '#0e7490'],
  ['#854d0e', '#9a3412'],
  ['#166534', '#115e59'],
] as const;

// The same event always gets the same colours.
function paletteOf(id: string) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTES[hash % PALETTES.length]!;
}

function initialsOf(title: string): string {
  const words = title.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '')
    .join('')
    .toUpperCase();
}

// The event's banner image, or a panel in the event's own colours with its
// initials, still reading No Image (the product's placeholder words). A banner in view on arrival
// (the page's own, the first card) is asked for at once and first (priority);
// the others wait until they scroll near. A small one (a list row's) has no
// room for the initials.
export function EventBanner({
  event,
  className = '',
  priority = false,
  small = false,
}: {
  event: TurnoutEvent;
  className?: string;
  priority?: boolean;
  small?: boolean;
}) {
  const t = useT();
  if (event.banner_url) {
    return (
      <img
        src={event.banner_url}
        alt={t('common.event.bannerAlt', { title: event.title })}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        className={`bg-slate-100 object-cover ${className}`}
      />
    );
  }
  const [from, to] = paletteOf(event.id);
  return (
    <div
      className={`relative flex items-center justify-center overflow-hidden text-white ${className}`}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {!small && (
        <span aria-hidden="true" className="text-5xl font-extrabold tracking-tight opacity-90 select-none">
          {initialsOf(event.title)}
        </span>
      )}
      <span className={small ? 'text-xs font-semibold' : 'absolute end-3 bottom-2 rounded-full bg-black/30 px-2 py-0.5 text-xs font-semibold'}>
        {t('common.event.noImage')}
      </span>
    </div>
  );
}
