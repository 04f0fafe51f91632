import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import {
  changeOperatorRoles,
  consoleOperators,
  createOperator,
  disableOperator,
  OPERATOR_ROLES,
  OPERATOR_USERNAME_PATTERN,
  resetOperatorTotp,
  unlockOperator,
  type OperatorCredentials,
  type OperatorRole,
  type StaffOperator,
} from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { LoadedTable, opsMessages, type OpsPageProps } from '@instalment/ui/ops';
import { Button, useLoad } from '@instalment/ui/kit';
import { hostMessages } from '../messages';

/** The secrets of a new account or a new TOTP, shown once: the secret as text and as the QR code an authenticator app scans. */
function Credentials({ credentials, onDone }: { credentials: OperatorCredentials; onDone: () => void }) {
  const t = useT(hostMessages);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(credentials.otpauth, { type: 'svg', margin: 1 }).then((svg) => {
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [credentials.otpauth]);
  return (
    <section className="ops-credentials" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{t('credentialsTitle', { username: credentials.username })}</h2>
      <p>{t('credentialsOnce')}</p>
      <dl>
        {credentials.password !== null && (
          <>
            <dt>{t('password')}</dt>
            <dd>
              <code data-testid="new-password">{credentials.password}</code>
            </dd>
          </>
        )}
        <dt>{t('totpSecret')}</dt>
        <dd>
          <code data-testid="totp-secret">{credentials.totp_secret}</code>
        </dd>
      </dl>
      {qr && <img src={qr} width={192} height={192} alt={t('totpQr', { username: credentials.username })} />}
      <Button size="small" onClick={onDone}>
        {t('credentialsKept')}
      </Button>
    </section>
  );
}

function RoleChoices({ name, chosen }: { name: string; chosen: readonly OperatorRole[] }) {
  const t = useT(hostMessages);
  return (
    <fieldset className="ops-roles">
      <legend>{t('roles')}</legend>
      {OPERATOR_ROLES.map((role) => (
        <label key={role}>
          <input type="checkbox" name={name} value={role} defaultChecked={chosen.includes(role)} /> {t(`role_${role}`)}
        </label>
      ))}
    </fieldset>
  );
}

const rolesIn = (form: HTMLFormElement, name: string) => new FormData(form).getAll(name).map(String) as OperatorRole[];

/** Operators' accounts, for admins: new accounts, roles (finance and admin wait for a second admin), disabling, unlocking, a new TOTP. */
export function Operators({ operator }: OpsPageProps) {
  const { http, ui } = useHost();
  const t = useT(hostMessages);
  const common = useT(opsMessages);
  const loaded = useLoad(() => consoleOperators(http), [http]);
  const [shown, setShown] = useState<OperatorCredentials | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async <A,>(work: () => Promise<A>, then?: (answer: A) => void) => {
    setBusy(true);
    try {
      const answer = await work();
      then?.(answer);
      loaded.reload();
    } catch {
      // The client's toast has said why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };
  const confirmed = async (message: string, work: () => Promise<unknown>) => {
    if (await ui.confirm(message)) await run(work);
  };
  const rolesOf = (row: StaffOperator) =>
    row.roles.map((role) => t(`role_${role}`)).join(', ') +
    (row.roles_awaiting === null ? '' : ` · ${t('rolesAwaiting', { id: row.roles_awaiting })}`);

  return (
    <>
      {shown && <Credentials credentials={shown} onDone={() => setShown(null)} />}
      <form
        className="ops-filter"
        aria-label={t('newOperator')}
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const username = String(new FormData(form).get('username') ?? '').trim();
          void run(
            () => createOperator(http, username, rolesIn(form, 'new-roles')),
            (created) => {
              setShown(created.credentials);
              if (created.approval_id !== null) ui.toast(t('rolesAsked', { id: created.approval_id }), 'info');
              form.reset();
            },
          );
        }}
      >
        <label>
          {t('username')} <input name="username" required pattern={OPERATOR_USERNAME_PATTERN} maxLength={32} autoComplete="off" />
        </label>
        <RoleChoices name="new-roles" chosen={[]} />
        <Button type="submit" size="small" variant="primary" busy={busy}>
          {t('createOperator')}
        </Button>
      </form>
      <LoadedTable
        loaded={loaded}
        caption={common('total', { n: loaded.data?.length ?? 0 })}
        empty={t('operatorsEmpty')}
        rows={(data) => data}
        rowKey={(row) => row.username}
        columns={[
          { header: t('username'), cell: (row) => row.username },
          { header: t('roles'), cell: (row) => rolesOf(row) },
          { header: t('accountState'), cell: (row) => (row.disabled ? t('disabled') : t('active')) },
          {
            header: common('actions'),
            cell: (row) =>
              // The server refuses an admin's changes to their own account: they are not offered.
              row.disabled ? null : row.username === operator.username ? (
                t('ownAccount')
              ) : (
                <>
                  <form
                    aria-label={t('changeRolesOf', { username: row.username })}
                    onSubmit={(event) => {
                      event.preventDefault();
                      const roles = rolesIn(event.currentTarget, 'roles');
                      void run(
                        () => changeOperatorRoles(http, row.username, roles),
                        (changed) => changed.approval_id !== null && ui.toast(t('rolesAsked', { id: changed.approval_id }), 'info'),
                      );
                    }}
                  >
                    <RoleChoices name="roles" chosen={row.roles} />
                    <Button type="submit" size="small" busy={busy}>
                      {t('saveRoles')}
                    </Button>
                  </form>
                  <Button size="small" busy={busy} onClick={() => void run(() => unlockOperator(http, row.username))}>
                    {t('unlock')}
                  </Button>
                  <Button
                    size="small"
                    busy={busy}
                    onClick={() =>
                      void confirmed(t('resetTotpConfirm', { username: row.username }), () =>
                        resetOperatorTotp(http, row.username).then(setShown),
                      )
                    }
                  >
                    {t('resetTotp')}
                  </Button>
                  <Button
                    size="small"
                    variant="danger"
                    busy={busy}
                    onClick={() =>
                      void confirmed(t('disableConfirm', { username: row.username }), () => disableOperator(http, row.username))
                    }
                  >
                    {t('disable')}
                  </Button>
                </>
              ),
          },
        ]}
      />
    </>
  );
}
