import type { ReactNode } from 'react';
import { type BoundCalls, contractInfo, type Instalment, installments, type LoanDetail, orderDetail } from '@instalment/contract/api';
import { maskIdCard } from '@instalment/contract/format';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { calendarDate, formatMoney, fromFen, isRepayable, loanMessages, toFen } from '@instalment/contract/loan';
import { Button, Card, Loadable, Rows, useLoad } from '@instalment/ui/kit';
import { LoanLoadFailure, LoanNotFound } from '../components/LoanNotFound';
import { PrintButton } from '../components/PrintButton';
import { LoanStatusTag } from '../components/StatusTag';
import { dayOf, useBusinessZone } from '../dates';
import { messages } from '../messages';
import styles from './Settlement.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

const QUIET = { loading: false, toast: false };

/** What the settlement page asks about a loan. */
const SETTLEMENT_CALLS = { loan: { orderDetail, contractInfo, installments } };

type SettlementRecord = { kind: 'settled'; loan: LoanDetail; issuer: string } | { kind: 'open'; loan: LoanDetail; unpaid: Instalment[] };

/** A settled loan needs its lender (the issuer); an open one what is still owed on it. */
async function loadRecord(api: BoundCalls<typeof SETTLEMENT_CALLS>, orderNo: string): Promise<SettlementRecord | null> {
  const loan = await api.loan.orderDetail({ order_no: orderNo }, QUIET);
  if (!loan) return null;
  if (loan.status === 'settled') {
    const contract = await api.loan.contractInfo({ order_no: orderNo }, QUIET);
    return { kind: 'settled', loan, issuer: contract.lender.name };
  }
  const schedule = isRepayable(loan.status) ? await api.loan.installments({ order_no: orderNo }, QUIET) : null;
  return { kind: 'open', loan, unpaid: (schedule?.list ?? []).filter((item) => item.status !== 'paid') };
}

export default function Settlement({ query }: PageProps) {
  const api = useApi(SETTLEMENT_CALLS);
  const orderNo = query.order_no?.trim() ?? '';
  const loaded = useLoad(() => (orderNo ? loadRecord(api, orderNo) : Promise.resolve(null)), [api, orderNo]);

  if (!orderNo) return <LoanNotFound />;
  return (
    <Loadable
      loaded={loaded}
      failure={(error, retry) => <LoanLoadFailure error={error} orderNo={orderNo} onRetry={retry} />}
      empty={<LoanNotFound orderNo={orderNo} />}
    >
      {(record) =>
        record.kind === 'settled' ? (
          <Certificate loan={record.loan} issuer={record.issuer} />
        ) : (
          <NotSettled loan={record.loan} unpaid={record.unpaid} />
        )
      }
    </Loadable>
  );
}

function Certificate({ loan, issuer }: { loan: LoanDetail; issuer: string }) {
  const t = useT(messages);
  const tLoan = useT(loanMessages);
  const zone = useBusinessZone();
  return (
    <>
      <article className={styles.certificate}>
        <h2 className={styles.title}>{t('certificateTitle')}</h2>
        <p className={styles.number}>
          {t('certificateNo')}: SC-{loan.order_no}
        </p>
        <Rows
          rows={[
            [t('borrower'), loan.real_name],
            [t('borrowerIdCard'), maskIdCard(loan.id_card)],
            [t('loanNumber'), loan.order_no],
            [t('loanAmount'), formatMoney(loan.amount)],
            [t('loanTerm'), tLoan('months', { n: loan.term })],
            [t('disbursedOn'), dayOf(loan.approved_at, zone)],
            [t('settledOn'), dayOf(loan.settled_at, zone)],
          ]}
        />
        <p className={styles.statement}>{t('statement')}</p>
        <footer className={styles.issuer}>
          <p>
            {t('issuer')}: {issuer}
          </p>
          <p>{t('issuedOn', { date: calendarDate(Date.now(), zone) })}</p>
        </footer>
      </article>
      <PrintButton />
    </>
  );
}

function NotSettled({ loan, unpaid }: { loan: LoanDetail; unpaid: Instalment[] }) {
  const host = useHost();
  const t = useT(messages);
  const owedFen = unpaid.reduce((sum, item) => sum + (toFen(item.total) ?? 0), 0);
  const repayable = isRepayable(loan.status);
  return (
    <Card>
      <h2 className={styles.heading}>{t('notSettledTitle')}</h2>
      <p>{repayable ? t('notSettledBody') : t('neverDisbursed')}</p>
      <Rows
        rows={[
          [t('loanNumber'), loan.order_no],
          [t('status'), <LoanStatusTag status={loan.status} />],
          [t('loanAmount'), formatMoney(loan.amount)],
          ...(repayable
            ? ([
                [t('stillOwed'), <strong>{formatMoney(fromFen(owedFen))}</strong>],
                [t('unpaidInstalments'), t('unpaidInstalmentsValue', { count: unpaid.length, term: loan.term })],
                [t('remainingPrincipal'), formatMoney(loan.remaining_principal)],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
      {repayable && (
        <div className={styles.action}>
          <Button variant="primary" block onClick={() => host.navigate(PATHS.repay, { order_no: loan.order_no })}>
            {t('repay')}
          </Button>
        </div>
      )}
    </Card>
  );
}
