import { useCallback, useEffect, useId, useState } from 'react';
import { autopay, type Autopay, logout, userIndex } from '@instalment/contract/api';
import { observer } from '@instalment/host-sdk/session';
import { formatMoney, maskPhone } from '@instalment/contract/format';
import { type PageProps, useHost, useLocale, useT, useTabTap } from '@instalment/host-sdk/host';
import { commonMessages, type Locale, titleMessages } from '@instalment/contract/i18n';
import { toStoredUserInfo } from '@instalment/host-sdk/session';
import { Button, Card } from '@instalment/ui/kit';
import { Avatar, displayName } from '../components/Avatar';
import { RemindersSwitch } from '../components/RemindersSwitch';
import { autopayMessages } from '../autopay-messages';
import { accountMessages } from '../messages';
import styles from './Profile.module.css';
import { MY_DATA_PAGE } from '../extra-pages';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

interface Entry {
  key: string;
  label: string;
  path: string;
  hint?: string;
  /** Only useful with an account; hidden while logged out. */
  personal: boolean;
}

const LANGUAGES: ReadonlyArray<{ locale: Locale; label: 'english' | 'chinese' }> = [
  { locale: 'en', label: 'english' },
  { locale: 'zh-CN', label: 'chinese' },
];

/** The account page's calls: the borrower, the autopay agreement and signing out. */
const PROFILE_CALLS = { autopay: { autopay }, user: { userIndex, logout } };

function Profile(_props: PageProps) {
  const host = useHost();
  const api = useApi(PROFILE_CALLS);
  const { session } = host;
  const t = useT(accountMessages);
  const titles = useT(titleMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  const [loggingOut, setLoggingOut] = useState(false);
  // Not part of the stored user info: shown once the server has said it.
  const [reminders, setReminders] = useState<boolean | null>(null);
  // Automatic repayment's row, once the server has said it is offered and in what state.
  const [autopay, setAutopay] = useState<Autopay | null>(null);
  const ta = useT(autopayMessages);
  const ids = useId();
  const loggedIn = session.isLoggedIn;
  const user = session.userInfo;

  // The stored copy shows at once; the server's answer replaces it quietly (SPEC §3).
  const refresh = useCallback(async () => {
    if (!host.session.isLoggedIn) return;
    // Without an answer the row is not shown: the rest of the page does not wait for it.
    void api.autopay.autopay({ loading: false, toast: false }).then(setAutopay, () => undefined);
    try {
      const fresh = await api.user.userIndex({ loading: false, toast: false });
      if (host.session.isLoggedIn) host.session.setUserInfo(toStoredUserInfo(fresh));
      setReminders(fresh.sms_reminders);
    } catch {
      // A stale copy is still right enough to show; a 401 has already logged the user out.
    }
  }, [host, api]);

  useEffect(() => {
    if (loggedIn) void refresh();
  }, [loggedIn, refresh]);
  useTabTap(() => void refresh());

  const entries: Entry[] = [
    { key: 'loans', label: titles('myLoans'), path: PATHS.myLoans, personal: true },
    { key: 'repayments', label: titles('repayments'), path: PATHS.repayments, personal: true },
    ...(autopay?.offered
      ? [{ key: 'autopay', label: ta('autopay'), path: PATHS.autopay, hint: ta(`autopay_${autopay.state}`), personal: true }]
      : []),
    { key: 'impact', label: titles('impact'), path: PATHS.overdueImpact, personal: false },
    { key: 'settlements', label: t('settlementCertificates'), path: PATHS.myLoans, hint: t('settlementHint'), personal: true },
    { key: 'news', label: titles('newsList'), path: PATHS.newsList, personal: false },
    { key: 'userinfo', label: titles('userinfo'), path: PATHS.userInfo, personal: true },
    { key: 'editProfile', label: titles('editProfile'), path: PATHS.editProfile, personal: true },
    { key: 'security', label: titles('security'), path: PATHS.security, personal: true },
    { key: 'changeMobile', label: titles('changeMobile'), path: PATHS.changeMobile, personal: true },
    { key: 'myData', label: MY_DATA_PAGE.titles[locale], path: MY_DATA_PAGE.path, personal: true },
  ];

  const logOut = async () => {
    if (loggingOut) return;
    const sure = await host.ui.confirm(t('logOutConfirm'), { confirmText: t('logOut'), cancelText: common('cancel') });
    if (!sure) return;
    setLoggingOut(true);
    try {
      await api.user.logout({ toast: false });
    } catch {
      // The server may already have dropped the token; on this device the user is out either way.
    } finally {
      host.session.clear();
      setLoggingOut(false);
      host.navigate('/');
    }
  };

  return (
    <div className={styles.page}>
      {loggedIn && user ? (
        <Card className={styles.summary} title={t('profileSummary')}>
          <div className={styles.identity}>
            <Avatar user={user} />
            <div>
              <h2 className={styles.name}>{displayName(user)}</h2>
              {user.phone && <p className={styles.phone}>{maskPhone(user.phone)}</p>}
            </div>
          </div>
          <dl className={styles.stats}>
            <div>
              <dt>{t('balance')}</dt>
              <dd>{formatMoney(user.money)}</dd>
            </div>
            <div>
              <dt>{t('points')}</dt>
              <dd>{user.score}</dd>
            </div>
            <div>
              <dt>{t('level')}</dt>
              <dd>{t('levelValue', { level: user.level })}</dd>
            </div>
          </dl>
        </Card>
      ) : (
        <Card className={styles.welcome} title={t('profileSummary')}>
          <p>{t('loggedOutCall')}</p>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => host.requireLogin()}>
              {t('logIn')}
            </Button>
            <Button onClick={() => host.navigate(PATHS.register)}>{t('createAccount')}</Button>
          </div>
        </Card>
      )}

      <nav aria-label={t('services')}>
        <ul className={styles.entries}>
          {entries
            .filter((entry) => loggedIn || !entry.personal)
            .map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  className={styles.entry}
                  aria-labelledby={`${ids}-label-${entry.key}`}
                  aria-describedby={entry.hint ? `${ids}-hint-${entry.key}` : undefined}
                  onClick={() => host.navigate(entry.path)}
                >
                  <span className={styles.entryText}>
                    <span id={`${ids}-label-${entry.key}`}>{entry.label}</span>
                    {entry.hint && (
                      <span id={`${ids}-hint-${entry.key}`} className={styles.hint}>
                        {entry.hint}
                      </span>
                    )}
                  </span>
                  <span aria-hidden="true" className={styles.chevron}>
                    ›
                  </span>
                </button>
              </li>
            ))}
        </ul>
      </nav>

      <section className={styles.language} aria-labelledby={`${ids}-language`}>
        <h2 id={`${ids}-language`} className={styles.sectionTitle}>
          {common('language')}
        </h2>
        <div className={styles.languages}>
          {LANGUAGES.map((option) => (
            <Button
              key={option.locale}
              size="small"
              lang={option.locale}
              aria-pressed={locale === option.locale}
              variant={locale === option.locale ? 'primary' : 'default'}
              onClick={() => host.locale.set(option.locale)}
            >
              {t(option.label)}
            </Button>
          ))}
        </div>
      </section>

      {loggedIn && reminders !== null && <RemindersSwitch enabled={reminders} onSaved={setReminders} />}

      {loggedIn && (
        <Button variant="danger" block busy={loggingOut} onClick={logOut}>
          {t('logOut')}
        </Button>
      )}
    </div>
  );
}

export default observer(Profile);
