// The signed-in visitor's menu in the top bar: their avatar (the
// organization's logo for organizers), Profile, Dashboard for organizers,
// and Logout. Its own chunk:
// it brings the HTTP client, which the first load of a visitor does without.
// It also brings the account's saved language: the app switches to it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAccount, type AccountState } from '@/api/useAccount';
import { PLACEHOLDER_IMAGE } from '@/config/images';
import { paths } from '@/config/paths';
import { membershipsOf } from '@/lib/roles';
import { publicApi } from '@/lib/http';
import { announceLoginStatusChange, session } from '@/lib/storage';
import { activeLocale, chooseLanguage } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

interface Avatar {
  src: string;
  alt: MessageId;
}

// The organization logo for organizers, else the user's image; the
// placeholder until it loads, and when it fails (a failed load is only
// logged, never toasted).
function avatarOf(account: AccountState): Avatar {
  if (account.status === 'organizer') return { src: account.organization.logo_url || PLACEHOLDER_IMAGE, alt: 'shared.account.organizationLogo' };
  if (account.status === 'user') return { src: account.profile.image_url || PLACEHOLDER_IMAGE, alt: 'shared.account.userAvatar' };
  return { src: PLACEHOLDER_IMAGE, alt: 'shared.account.userAvatar' };
}

// The language saved on the account, once it has loaded: shown (and kept
// for the next visit) when it is not the one on screen. Only when the
// account brings a new one, so a choice made in the picker afterwards
// stands. A failure is logged, never toasted.
function useSavedLanguage(account: AccountState) {
  const saved = account.status === 'user' || account.status === 'organizer' ? account.profile.language : null;
  useEffect(() => {
    const tag = saved ? languageOf(saved)?.tag : undefined;
    if (!tag || tag === activeLocale()) return;
    chooseLanguage(tag).catch((error: unknown) => console.error('saved language', error));
  }, [saved]);
}

// Logs out on the server and ends the session on this device.
async function endSession() {
  const refresh = session.refresh();
  try {
    if (refresh) await publicApi.post('/user/logout/', { refresh });
  } catch (error) {
    // The session ends on this device whatever the server said.
    console.error('logout', error);
  }
  session.clear();
  announceLoginStatusChange();
}

export default function AccountMenu() {
  const t = useT();
  const navigate = useNavigate();
  const account = useAccount({ onError: (error) => console.error('load avatar', error) });
  const avatar = avatarOf(account);
  useSavedLanguage(account);

  const [broken, setBroken] = useState<string | null>(null);
  const { open, setOpen, menuId, container, trigger, menu, onMenuKeyDown, onTriggerKeyDown } = useMenu();

  async function logout() {
    await endSession();
    void navigate(paths.login);
  }

  const src = broken === avatar.src ? PLACEHOLDER_IMAGE : avatar.src;
  const itemClass =
    'block w-full px-4 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-700';

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label={t('shared.account.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onTriggerKeyDown}
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        <img
          src={src}
          alt={t(avatar.alt)}
          width={40}
          height={40}
          className="h-10 w-10 rounded-full bg-slate-200 object-cover ring-1 ring-slate-300"
          onError={() => setBroken(avatar.src)}
        />
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('shared.account.label')}
          onKeyDown={onMenuKeyDown}
          className="absolute end-0 mt-2 w-44 overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          <li role="none">
            <Link role="menuitem" to={paths.profile} className={itemClass} onClick={() => setOpen(false)}>
              {t('shared.account.profile')}
            </Link>
          </li>
          {/* Organizations' own accounts and their members. */}
          {(account.status === 'organizer' || (account.status === 'user' && membershipsOf(account.profile).length > 0)) && (
            <li role="none">
              <Link role="menuitem" to={paths.dashboard} className={itemClass} onClick={() => setOpen(false)}>
                {t('shared.account.dashboard')}
              </Link>
            </li>
          )}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              {t('shared.account.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

// A menu button's open state, focus and keys (Escape, arrows, Home, End,
// Tab), as the ARIA menu button pattern has them.
function useMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // Close when the page changes or a click lands elsewhere.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the router, outside React state
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  function menuItems(): HTMLElement[] {
    return Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  // Opening moves focus to the first entry, as menus do.
  useEffect(() => {
    if (open) menuItems()[0]?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const items = menuItems();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focus(at + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(at - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(items.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  function onTriggerKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return { open, setOpen, menuId, container, trigger, menu, onMenuKeyDown, onTriggerKeyDown };
}
