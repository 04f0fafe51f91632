import { useState } from 'react';
import { OPERATOR_ROLES, type OperatorEnrolment, type OperatorRole, type ConsoleOperator } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Acts, LoadedTable, consoleMessages, useConsoleApi, useMayAct, type ConsolePageProps } from '@instalment/ui/console';
import { Button, useLoad } from '@instalment/ui/kit';
import { OPERATOR_USERNAME_PATTERN } from '@instalment/contract/validation';
import { EnrolmentHandOver } from '../components/EnrolmentHandOver';
import { hostMessages } from '../host/messages';

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

/**
 * Operators' accounts, for admins: new accounts, roles (finance and admin wait for a second admin),
 * disabling and enabling again, unlocking, a new TOTP. The auditor reads it without the actions.
 */
export function Operators({ operator }: ConsolePageProps) {
  const { ui } = useHost();
  const { operators } = useConsoleApi();
  const t = useT(hostMessages);
  const common = useT(consoleMessages);
  const loaded = useLoad(() => operators.list(), [operators]);
  const [shown, setShown] = useState<OperatorEnrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const mayAct = useMayAct();
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
  const rolesOf = (row: ConsoleOperator) =>
    row.roles.map((role) => t(`role_${role}`)).join(', ') +
    (row.roles_awaiting === null ? '' : ` · ${t('rolesAwaiting', { id: row.roles_awaiting })}`);
  // What an admin asked for and a second admin has yet to decide is shown as waiting, not as done.
  const stateOf = (row: ConsoleOperator) =>
    [
      row.disabled ? t('disabled') : row.locked ? t('locked') : t('active'),
      row.disable_awaiting !== null && t('disableAwaiting', { id: row.disable_awaiting }),
      row.enable_awaiting !== null && t('enableAwaiting', { id: row.enable_awaiting }),
      row.totp_awaiting !== null && t('totpAwaiting', { id: row.totp_awaiting }),
      row.confirm_awaiting !== null && t('confirmAwaiting', { id: row.confirm_awaiting }),
    ]
      .filter(Boolean)
      .join(' · ');
  const asked = (answer: { approval_id: number | null }) =>
    answer.approval_id !== null && ui.toast(t('secondAdminAsked', { id: answer.approval_id }), 'info');

  return (
    <>
      {shown && <EnrolmentHandOver enrolment={shown} zone={operator.business_timezone} onDone={() => setShown(null)} />}
      <Acts>
        <form
          className="ops-filter"
          aria-label={t('newOperator')}
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const username = String(new FormData(form).get('username') ?? '').trim();
            void run(
              () => operators.create(username, rolesIn(form, 'new-roles')),
              (created) => {
                setShown(created.enrolment);
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
      </Acts>
      <LoadedTable
        loaded={loaded}
        caption={common('total', { n: loaded.data?.length ?? 0 })}
        empty={t('operatorsEmpty')}
        rows={(data) => data}
        rowKey={(row) => row.username}
        columns={[
          { header: t('username'), cell: (row) => row.username },
          { header: t('roles'), cell: (row) => rolesOf(row) },
          { header: t('accountState'), cell: stateOf },
          ...(mayAct
            ? [
                {
                  header: common('actions'),
                  shape: 'actions' as const,
                  cell: (row: ConsoleOperator) =>
                    // The server refuses an admin's changes to their own account: they are not offered.
                    row.username === operator.username ? (
                      t('ownAccount')
                    ) : row.disabled ? (
                      row.enable_awaiting === null && (
                        <Button
                          size="small"
                          busy={busy}
                          onClick={() =>
                            void confirmed(t('enableConfirm', { username: row.username }), () => operators.enable(row.username).then(asked))
                          }
                        >
                          {t('enable')}
                        </Button>
                      )
                    ) : (
                      <>
                        <form
                          aria-label={t('changeRolesOf', { username: row.username })}
                          onSubmit={(event) => {
                            event.preventDefault();
                            const roles = rolesIn(event.currentTarget, 'roles');
                            void run(
                              () => operators.changeRoles(row.username, roles),
                              (changed) => changed.approval_id !== null && ui.toast(t('rolesAsked', { id: changed.approval_id }), 'info'),
                            );
                          }}
                        >
                          <RoleChoices name="roles" chosen={row.roles} />
                          <Button type="submit" size="small" busy={busy}>
                            {t('saveRoles')}
                          </Button>
                        </form>
                        {row.locked && (
                          <Button size="small" busy={busy} onClick={() => void run(() => operators.unlock(row.username))}>
                            {t('unlock')}
                          </Button>
                        )}
                        <Button
                          size="small"
                          busy={busy}
                          onClick={() =>
                            void confirmed(t('resetTotpConfirm', { username: row.username }), () =>
                              operators.resetTotp(row.username).then((reset) => {
                                if (reset.enrolment) setShown(reset.enrolment);
                                asked(reset);
                              }),
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
                            void confirmed(t('disableConfirm', { username: row.username }), () =>
                              operators.disable(row.username).then(asked),
                            )
                          }
                        >
                          {t('disable')}
                        </Button>
                      </>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
