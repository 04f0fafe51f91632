import { observer } from '@instalment/host-sdk/session';
import { loanRates, type LoanRates, type MyOverdueLoan, type MyOverdueLoans, overdueLoans } from '@instalment/contract/api';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { formatMoney, formatRate, fromFen, penaltyFen } from '@instalment/contract/loan';
import { Button, Card, Loadable, PageLink, Rows, useLoad } from '@instalment/ui/kit';
import { messages } from '../messages';
import styles from './OverdueImpact.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

const QUIET = { loading: false, toast: false };
const EXAMPLE_FEN = 100_000;
const EXAMPLE_DAYS = 10;

function OverdueImpact(_props: PageProps) {
  const host = useHost();
  return (
    <div className={styles.page}>
      <PenaltyRule />
      <CreditConsequences />
      {host.session.isLoggedIn && <MyOverdueInstalments />}
    </div>
  );
}

export default observer(OverdueImpact);

function PenaltyRule() {
  const host = useHost();
  const api = useApi({ loan: { loanRates } });
  const t = useT(messages);
  const rates = useLoad(() => api.loan.loanRates(QUIET), [host]);
  return (
    <Card>
      <h2 className={styles.heading}>{t('ruleTitle')}</h2>
      <Loadable loaded={rates}>{(data) => <RuleText rates={data} />}</Loadable>
    </Card>
  );
}

function RuleText({ rates }: { rates: LoanRates }) {
  const t = useT(messages);
  const bp = rates.overdue_daily_penalty_bp;
  // The example must be past the grace days, or it would show no penalty at all.
  const days = Math.max(EXAMPLE_DAYS, rates.grace_days + 1);
  const penalty = penaltyFen(EXAMPLE_FEN, days, bp);
  return (
    <>
      <p>{t('ruleDaily', { rate: formatRate(bp) })}</p>
      <p>{rates.grace_days > 0 ? t('ruleGrace', { days: rates.grace_days }) : t('ruleNoGrace')}</p>
      <h3 className={styles.subheading}>{t('exampleTitle')}</h3>
      <p className={styles.example}>
        {t('example', {
          amount: formatMoney(fromFen(EXAMPLE_FEN)),
          days,
          penalty: formatMoney(fromFen(penalty)),
          total: formatMoney(fromFen(EXAMPLE_FEN + penalty)),
        })}
      </p>
    </>
  );
}

function CreditConsequences() {
  const t = useT(messages);
  return (
    <Card>
      <h2 className={styles.heading}>{t('creditTitle')}</h2>
      <ul className={styles.points}>
        <li>{t('credit1')}</li>
        <li>{t('credit2')}</li>
        <li>{t('credit3')}</li>
        <li>{t('credit4')}</li>
      </ul>
    </Card>
  );
}

function MyOverdueInstalments() {
  const host = useHost();
  const api = useApi({ portfolio: { overdueLoans } });
  const t = useT(messages);
  const loaded = useLoad(() => api.portfolio.overdueLoans(QUIET), [host]);
  return (
    <Card>
      <h2 className={styles.heading}>{t('yoursTitle')}</h2>
      <Loadable loaded={loaded}>{(data) => <OverdueList overdue={data} />}</Loadable>
    </Card>
  );
}

function OverdueLoanBlock({ loan }: { loan: MyOverdueLoan }) {
  const host = useHost();
  const t = useT(messages);
  return (
    <section className={styles.loan}>
      <h3 className={styles.subheading}>
        <PageLink path={PATHS.loanDetail} query={{ order_no: loan.order_no }}>
          {formatMoney(loan.amount)} · {t('loanNo', { order_no: loan.order_no })}
        </PageLink>
      </h3>
      <ul className={styles.instalments}>
        {loan.instalments.map((item) => (
          <li key={item.period}>
            <p className={styles.line}>{t('overdueLine', { period: item.period, date: item.due_date, days: item.overdue_days })}</p>
            <Rows
              rows={[
                [t('penalty'), formatMoney(item.penalty)],
                [t('amountDue'), formatMoney(item.total)],
              ]}
            />
          </li>
        ))}
      </ul>
      <Button variant="primary" block onClick={() => host.navigate(PATHS.repay, { order_no: loan.order_no })}>
        {t('repayNow')}
      </Button>
    </section>
  );
}

function OverdueList({ overdue }: { overdue: MyOverdueLoans }) {
  const t = useT(messages);
  if (overdue.list.length === 0) return <p>{t('noneOverdue')}</p>;
  return (
    <>
      {overdue.list.map((loan) => (
        <OverdueLoanBlock key={loan.order_no} loan={loan} />
      ))}
      <p className={styles.total}>
        {t('totalPenalty')}: <strong>{formatMoney(overdue.total_penalty)}</strong>
      </p>
    </>
  );
}
