import { useState } from 'react';
import { useHost, useT } from '@instalment/host-sdk/host';
import type { StoredUserInfo } from '@instalment/host-sdk/session';
import { accountMessages } from '../messages';
import styles from './Avatar.module.css';

/** The server stores avatars as paths under the API; full URLs and data URLs pass as they are. */
export function assetUrl(path: string, apiBaseURL: string): string {
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('//')) return path;
  return `${apiBaseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function displayName(user: StoredUserInfo): string {
  return user.nickname || user.username || user.phone;
}

/** A person glyph stands in when the name has no telling initial (a masked phone starts with "1"). */
const PERSON = '\u{1F464}';

export function initialOf(user: StoredUserInfo): string {
  const name = displayName(user).trim();
  if (name === '' || /^[\d*]+$/.test(name)) return PERSON;
  return name.charAt(0).toUpperCase();
}

/** The user's picture, or their initial when there is none or it does not load. */
export function Avatar({ user, size = 64 }: { user: StoredUserInfo; size?: number }) {
  const host = useHost();
  const t = useT(accountMessages);
  const [broken, setBroken] = useState<string | null>(null);
  const name = displayName(user);
  const box = { width: size, height: size, fontSize: size * 0.42 };
  if (user.avatar && broken !== user.avatar) {
    return (
      <img
        className={styles.avatar}
        style={box}
        src={assetUrl(user.avatar, host.apiBaseURL)}
        alt={t('avatarOf', { name })}
        onError={() => setBroken(user.avatar)}
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} style={box} role="img" aria-label={t('avatarOf', { name })}>
      {initialOf(user)}
    </span>
  );
}
