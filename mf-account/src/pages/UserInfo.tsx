import { observer } from '@instalment/host-sdk/session';
import { formatMoney, maskEmail, maskPhone } from '@instalment/contract/format';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { commonMessages } from '@instalment/contract/i18n';
import { toStoredUserInfo } from '@instalment/host-sdk/session';
import { Button, Card, ErrorState, LoadingState, Rows, useLoad } from '@instalment/ui/kit';
import { Avatar } from '../components/Avatar';
import { accountMessages } from '../messages';
import styles from './UserInfo.module.css';
import { userIndex } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

/** SPEC §3's stored user info, shown from storage at once and refreshed from the user index. */
function UserInfo(_props: PageProps) {
  const host = useHost();
  const api = useApi({ user: { userIndex } });
  const t = useT(accountMessages);
  const common = useT(commonMessages);
  const user = host.session.userInfo;

  const refresh = useLoad(async () => {
    // With a stored copy on screen, the refresh need not cover it with the loading overlay.
    const fresh = await api.user.userIndex({ loading: host.session.userInfo === null, toast: false });
    host.session.setUserInfo(toStoredUserInfo(fresh));
    return fresh;
  }, [host]);

  if (!user) {
    if (refresh.error) return <ErrorState message={refresh.error.message} onRetry={() => void refresh.reload()} />;
    return <LoadingState />;
  }

  const orNotSet = (value: string) => value || t('notSet');
  return (
    <>
      {refresh.error && (
        <div className={styles.notice} role="alert">
          <span>{t('refreshFailed', { message: refresh.error.message })}</span>
          <Button size="small" onClick={() => void refresh.reload()}>
            {common('retry')}
          </Button>
        </div>
      )}
      <Card>
        <Rows
          rows={[
            [t('avatar'), <Avatar user={user} size={40} />],
            [t('userId'), String(user.id)],
            // A username that is the phone would undo the masking of the phone row below.
            ...(user.username && user.username !== user.phone ? [[t('username'), user.username] as [string, string]] : []),
            [t('nickname'), orNotSet(user.nickname)],
            [t('phone'), user.phone ? maskPhone(user.phone) : t('notSet')],
            [t('email'), user.email ? maskEmail(user.email) : t('notSet')],
            [t('balance'), formatMoney(user.money)],
            [t('points'), String(user.score)],
            [t('level'), t('levelValue', { level: user.level })],
          ]}
        />
      </Card>
    </>
  );
}

export default observer(UserInfo);
