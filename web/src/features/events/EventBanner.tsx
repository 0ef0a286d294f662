import type { TurnoutEvent } from '@/types/api';

// The event's banner image, or a plain panel reading No Image.
export function EventBanner({ event, className = '' }: { event: TurnoutEvent; className?: string }) {
  if (event.banner_url) {
    return <img src={event.banner_url} alt={`Banner of ${event.title}`} loading="lazy" className={`bg-slate-100 object-cover ${className}`} />;
  }
  return (
    <div className={`flex items-center justify-center bg-slate-100 text-sm font-medium text-slate-500 ${className}`}>No Image</div>
  );
}
