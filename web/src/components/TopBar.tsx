// The sticky bar on every screen. It is part of the first load, so it
// reaches the HTTP clients only through dynamic imports, and only for a
// logged-in visitor.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { announceLoginStatusChange, onLoginStatusChange, session } from '@/lib/storage';
import { PLACEHOLDER_IMAGE } from '@/config/images';


interface Avatar {
  src: string;
  alt: string;
}

const placeholder: Avatar = { src: PLACEHOLDER_IMAGE, alt: 'User avatar' };

// The organization logo for organizers, else the user's image.
async function loadAvatar(): Promise<Avatar> {
  const { getProfile, getOrganization } = await import('@/api/account');
  const profile = await getProfile();
  if (profile.is_organizer) {
    const organization = await getOrganization();
    return { src: organization.logo_url || PLACEHOLDER_IMAGE, alt: 'Organization logo' };
  }
  return { src: profile.image_url || PLACEHOLDER_IMAGE, alt: 'User avatar' };
}

export function TopBar() {
  const navigate = useNavigate();
  const [loggedIn, setLoggedIn] = useState(session.isLoggedIn);
  const [avatar, setAvatar] = useState<Avatar>(placeholder);
  // Bumped on every announcement, so the avatar reloads even when the
  // status itself did not change (a new logo, another account).
  const [statusCheck, setStatusCheck] = useState(0);

  useEffect(() => {
    const recheck = () => {
      setLoggedIn(session.isLoggedIn());
      setStatusCheck((n) => n + 1);
    };
    const unsubscribe = onLoginStatusChange(recheck);
    // Another tab logging in or out.
    window.addEventListener('storage', recheck);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', recheck);
    };
  }, []);

  useEffect(() => {
    if (!loggedIn) {
      setAvatar(placeholder);
      return;
    }
    let current = true;
    loadAvatar()
      .then((loaded) => {
        if (current) setAvatar(loaded);
      })
      .catch((error: unknown) => {
        // Only logged (spec §8); the placeholder stays.
        console.error('load avatar', error);
      });
    return () => {
      current = false;
    };
  }, [loggedIn, statusCheck]);

  async function logout() {
    const refresh = session.refresh();
    try {
      if (refresh) {
        const { publicApi } = await import('@/lib/http');
        await publicApi.post('/user/logout/', { refresh });
      }
    } catch (error) {
      // The session ends on this device whatever the server said.
      console.error('logout', error);
    }
    session.clear();
    announceLoginStatusChange();
    void navigate(paths.login);
  }

  const navLink = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-2 py-1 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700 sm:px-3 ${
      isActive ? 'text-indigo-700' : 'text-slate-700'
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to={paths.home}
          className="rounded-md text-lg font-extrabold tracking-tight text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          Turnout
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <NavLink to={paths.home} end className={navLink}>
            Home
          </NavLink>
          <NavLink to={paths.events} className={navLink}>
            Events
          </NavLink>
        </nav>
        <div className="ml-auto">
          {loggedIn ? (
            <AccountMenu avatar={avatar} onLogout={() => void logout()} />
          ) : (
            <button type="button" className="btn-primary" onClick={() => void navigate(paths.login)}>
              Login
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

function AccountMenu({ avatar, onLogout }: { avatar: Avatar; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // Close when the page changes or a click lands elsewhere.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  // Opening moves focus to the first entry, as menus do.
  useEffect(() => {
    if (open) menuItems()[0]?.focus();
  }, [open]);

  function menuItems(): HTMLElement[] {
    return Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

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

  const src = broken === avatar.src ? PLACEHOLDER_IMAGE : avatar.src;
  const itemClass =
    'block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-700';

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onTriggerKeyDown}
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        <img
          src={src}
          alt={avatar.alt}
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
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 mt-2 w-44 overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          <li role="none">
            <Link role="menuitem" to={paths.profile} className={itemClass} onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
