import { contractInfo, type ContractInfo, type ContractParty } from '@instalment/contract/api';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { formatMoney, formatRate, loanMessages } from '@instalment/contract/loan';
import { Loadable, Rows, useLoad } from '@instalment/ui/kit';
import { LoanLoadFailure } from '../components/LoanNotFound';
import { PrintButton } from '../components/PrintButton';
import { dayOf, useBusinessZone } from '../dates';
import { messages } from '../messages';
import styles from './Contract.module.css';
import { useApi } from '@instalment/ui/facade';

export default function Contract({ query }: PageProps) {
  const host = useHost();
  const api = useApi({ loan: { contractInfo } });
  const orderNo = query.order_no?.trim() ?? '';
  const loaded = useLoad(
    () => api.loan.contractInfo(orderNo ? { order_no: orderNo } : {}, { loading: false, toast: false }),
    [host, orderNo],
  );
  return (
    <Loadable loaded={loaded} failure={(error, retry) => <LoanLoadFailure error={error} orderNo={orderNo} onRetry={retry} />}>
      {(contract) => <ContractView contract={contract} />}
    </Loadable>
  );
}

function ContractView({ contract }: { contract: ContractInfo }) {
  const t = useT(messages);
  const tLoan = useT(loanMessages);
  const zone = useBusinessZone();
  const template = contract.contract_no === null;
  const open = t('toBeFilled');
  return (
    <article className={styles.contract}>
      <h2 className={styles.title}>{contract.title}</h2>
      {template ? (
        <p className={styles.notice}>{t('templateNotice')}</p>
      ) : (
        <p className={styles.number}>
          {t('contractNo')}: {contract.contract_no}
        </p>
      )}

      <section>
        <h3 className={styles.heading}>{t('parties')}</h3>
        <Party party={contract.lender} />
        {contract.borrower ? <Party party={contract.borrower} /> : <p className={styles.party}>{t('borrowerPending')}</p>}
      </section>

      <section>
        <h3 className={styles.heading}>{t('loanTerms')}</h3>
        <Rows
          rows={[
            [t('loanAmount'), contract.amount ? formatMoney(contract.amount) : open],
            [t('loanTerm'), contract.term ? tLoan('months', { n: contract.term }) : open],
            [t('monthlyRate'), contract.monthly_rate_bp === null ? open : formatRate(contract.monthly_rate_bp)],
            [t('monthlyFee'), contract.monthly_fee_bp === null ? open : formatRate(contract.monthly_fee_bp)],
            [t('annualRate'), contract.apr_bp === null ? open : formatRate(contract.apr_bp)],
            [t('repaymentMethod'), t(`method_${contract.repayment_method}`)],
            [t('signedOn'), contract.signed_at ? dayOf(contract.signed_at, zone) : t('notSigned')],
          ]}
        />
      </section>

      <section>
        <h3 className={styles.heading}>{t('clauses')}</h3>
        <ol className={styles.clauses}>
          {contract.clauses.map((clause, index) => (
            <li key={index} className={styles.clause}>
              <h4 className={styles.clauseTitle}>{clause.title}</h4>
              <p className={styles.clauseBody}>{clause.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <PrintButton />
    </article>
  );
}

function Party({ party }: { party: ContractParty }) {
  const t = useT(messages);
  return (
    <div className={styles.party}>
      <p className={styles.role}>{party.role}</p>
      <Rows
        rows={[
          [t('partyName'), party.name],
          [t('partyId'), party.id],
          ...(party.address ? [[t('partyAddress'), party.address] as [string, string]] : []),
        ]}
      />
    </div>
  );
}
