import { useEffect, useId, useRef, useState } from 'react';
import type { AuthUser } from '#shared/schemas/session.ts';
import { signOutAndClear } from '#client/lib/session-actions.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { AppLink } from './app-link.tsx';
import { displayNameOf, initialsOf } from './user-name.ts';

/**
 * The signed-in user's menu: who they are (name, e-mail, photo or initials) and sign out. A
 * disclosure button with a panel, closed by Escape (focus back on the button), a click outside, or
 * moving focus out of it.
 */

function Avatar({ name, photoURL }: { name: string; photoURL: string | null }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  if (photoURL !== null && !photoFailed) {
    return (
      <img
        className="avatar"
        src={photoURL}
        alt=""
        width="32"
        height="32"
        referrerPolicy="no-referrer"
        onError={() => setPhotoFailed(true)}
      />
    );
  }
  return (
    <span className="avatar avatar-initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export function UserMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = displayNameOf(user, t('userMenu.fallbackName'));

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  async function handleSignOut() {
    setSigningOut(true);
    // The session, then what the browser kept of the user (pending registration, verification
    // flag, preference cookies): nothing of theirs stays for the next person at this browser.
    await signOutAndClear();
    // A full load: every screen, cache and preference of the session starts again from nothing.
    window.location.assign('/login');
  }

  return (
    <div
      className="user-menu"
      ref={rootRef}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('userMenu.button', { name })}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={name} photoURL={user.photoURL} />
        <span className="user-menu-name" aria-hidden="true">
          {name}
        </span>
      </button>
      <div id={panelId} className="user-menu-panel card" hidden={!open}>
        <div className="user-menu-identity">
          <Avatar name={name} photoURL={user.photoURL} />
          <div>
            <p className="user-menu-identity-name">{name}</p>
            {user.email !== null && <p className="user-menu-identity-email">{user.email}</p>}
          </div>
        </div>
        <ul className="user-menu-actions">
          <li>
            <AppLink to="/settings" className="user-menu-action" onClick={() => setOpen(false)}>
              {t('userMenu.settings')}
            </AppLink>
          </li>
          <li>
            <button
              type="button"
              className="user-menu-action"
              disabled={signingOut}
              onClick={() => void handleSignOut()}
            >
              {signingOut ? t('userMenu.signingOut') : t('userMenu.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
