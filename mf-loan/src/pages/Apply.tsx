import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CreditLine, LoanRates } from '@instalment/shared/api';
import { type PageProps, useHost, useT } from '@instalment/shared/host';
import { checkApplication, formatMoney, formatRate, LOAN_PURPOSES, loanMessages, toFen } from '@instalment/shared/loan';
import { Button, ErrorState, Field, PageLink, useLoad } from '@instalment/shared/ui';
import {
  clearDraft,
  DRAFT_FIELDS,
  type Draft,
  type DraftField,
  loadDraft,
  previewSchedule,
  saveDraft,
  toApplication,
} from '../applicationDraft';
import { Loading } from '../components/Loading';
import { RepaymentPreview } from '../components/RepaymentPreview';
import { useProblemText } from '../components/useProblemText';
import { messages } from '../messages';
import styles from './Apply.module.css';
import { PAGES } from '@instalment/shared/pages';

const BANKS = ['bank_icbc', 'bank_ccb', 'bank_abc', 'bank_boc', 'bank_bocom', 'bank_cmb', 'bank_psbc'] as const;

export default function Apply(_props: PageProps) {
  const host = useHost();
  const offer = useLoad(async () => {
    const [rates, credit] = await Promise.all([host.api.loan.loanRates(QUIET), host.api.loan.credit(QUIET)]);
    return { rates, credit };
  }, [host]);
  if (offer.data) return <ApplyForm rates={offer.data.rates} credit={offer.data.credit} />;
  if (offer.error) return <ErrorState message={offer.error.message} onRetry={() => void offer.reload()} />;
  return <Loading />;
}

const QUIET = { loading: false, toast: false };

function ApplyForm({ rates, credit }: { rates: LoanRates; credit: CreditLine }) {
  const host = useHost();
  const t = useT(messages);
  const tLoan = useT(loanMessages);
  const problemText = useProblemText(rates);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => loadDraft());
  const [shown, setShown] = useState<ReadonlySet<DraftField>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One start date for the whole visit, so the preview's due dates do not move while typing.
  const [today] = useState(() => Date.now());

  useEffect(() => saveDraft(draft), [draft]);

  const application = toApplication(draft);
  const problems = checkApplication(application, rates);
  // Within the rules, but more than this account may still borrow: the server says the same.
  const overCredit = !problems.amount && (toFen(application.amount) ?? 0) > (toFen(credit.available) ?? 0);
  const errorOf = (field: DraftField) => {
    if (!shown.has(field)) return null;
    const problem = problems[field];
    if (problem) return problemText(problem);
    return field === 'amount' && overCredit ? t('overCredit', { amount: formatMoney(credit.available) }) : null;
  };
  const schedule = useMemo(() => previewSchedule(draft.amount, draft.term, rates, today), [draft.amount, draft.term, rates, today]);

  const show = (field: DraftField) => setShown((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  const set = <F extends DraftField>(field: F, value: Draft[F]) => setDraft((previous) => ({ ...previous, [field]: value }));
  const text = (field: Exclude<DraftField, 'agree_contract' | 'term' | 'purpose'>) => ({
    name: field,
    value: draft[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    onBlur: () => show(field),
    error: errorOf(field),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShown(new Set(DRAFT_FIELDS));
    setFailure(null);
    const invalid = DRAFT_FIELDS.find((field) => problems[field] || (field === 'amount' && overCredit));
    if (invalid) {
      form.current?.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await host.api.loan.createLoan(application, { toast: false });
      clearDraft();
      host.navigate(PAGES.loanDetail.path, { order_no: created.order_no }, { replace: true });
    } catch (caught) {
      setFailure(t('submitFailed', { reason: caught instanceof Error ? caught.message : String(caught) }));
      setBusy(false);
    }
  }

  const termError = errorOf('term');
  const purposeError = errorOf('purpose');
  const consentError = errorOf('agree_contract');
  const purposes = LOAN_PURPOSES.filter((purpose) => rates.purposes.includes(purpose));

  if (credit.blocked === 'overdue') {
    return (
      <section className={styles.section} aria-labelledby={`${ids}-blocked`}>
        <h2 id={`${ids}-blocked`} className={styles.heading}>
          {t('sectionLoan')}
        </h2>
        <p role="status">{t('creditBlockedOverdue')}</p>
        <PageLink path={PAGES.overdueImpact.path}>{t('seeOverdueImpact')}</PageLink>
      </section>
    );
  }

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      <section className={styles.section}>
        <h2 className={styles.heading}>{t('sectionLoan')}</h2>
        <p className={styles.credit}>
          {t('creditLine')}:{' '}
          <strong>{t('creditOf', { available: formatMoney(credit.available), limit: formatMoney(credit.limit) })}</strong>
        </p>
        <Field
          label={t('amount')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('amountHint', {
            min: formatMoney(rates.min_amount),
            max: formatMoney(rates.max_amount),
            step: formatMoney(rates.amount_step),
          })}
          {...text('amount')}
        />
        <fieldset
          className={styles.group}
          aria-describedby={termError ? `${ids}-term-error` : undefined}
          aria-invalid={termError ? true : undefined}
        >
          <legend className={styles.label}>{t('term')}</legend>
          {rates.terms.map((offer) => (
            <label key={offer.term} className={styles.choice}>
              <input
                type="radio"
                name="term"
                value={String(offer.term)}
                checked={draft.term === String(offer.term)}
                onChange={(event) => {
                  set('term', event.target.value);
                  show('term');
                }}
              />
              <span>
                {t('termOption', { months: tLoan('months', { n: offer.term }), rate: formatRate(offer.monthly_rate_bp) })}
                {offer.monthly_fee_bp > 0 && t('termFee', { fee: formatRate(offer.monthly_fee_bp) })}
                {t('termApr', { apr: formatRate(offer.apr_bp) })}
              </span>
            </label>
          ))}
          {termError && (
            <p id={`${ids}-term-error`} className={styles.error} role="alert">
              {termError}
            </p>
          )}
        </fieldset>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-purpose`}>
            {t('purpose')}
          </label>
          <select
            id={`${ids}-purpose`}
            name="purpose"
            className={`${styles.select} ${purposeError ? styles.invalid : ''}`}
            value={draft.purpose}
            onChange={(event) => set('purpose', event.target.value)}
            onBlur={() => show('purpose')}
            aria-invalid={purposeError ? true : undefined}
            aria-describedby={purposeError ? `${ids}-purpose-error` : undefined}
          >
            <option value="">{t('purposePlaceholder')}</option>
            {purposes.map((purpose) => (
              <option key={purpose} value={purpose}>
                {tLoan(`purpose_${purpose}`)}
              </option>
            ))}
          </select>
          {purposeError && (
            <p id={`${ids}-purpose-error`} className={styles.error} role="alert">
              {purposeError}
            </p>
          )}
        </div>
      </section>

      <RepaymentPreview schedule={schedule} />

      <section className={styles.section}>
        <h2 className={styles.heading}>{t('sectionBorrower')}</h2>
        <Field label={t('realName')} autoComplete="name" {...text('real_name')} />
        <Field label={t('idCard')} autoComplete="off" maxLength={22} {...text('id_card')} />
      </section>

      <section className={styles.section}>
        <h2 className={styles.heading}>{t('sectionBank')}</h2>
        <Field label={t('bankCard')} inputMode="numeric" autoComplete="cc-number" maxLength={23} {...text('bank_card')} />
        <Field label={t('bankName')} hint={t('bankNameHint')} list={`${ids}-banks`} autoComplete="off" {...text('bank_name')} />
        <datalist id={`${ids}-banks`}>
          {BANKS.map((bank) => (
            <option key={bank} value={t(bank)} />
          ))}
        </datalist>
      </section>

      <div className={styles.consent}>
        <label className={styles.choice}>
          <input
            type="checkbox"
            name="agree_contract"
            checked={draft.agree_contract}
            onChange={(event) => {
              set('agree_contract', event.target.checked);
              show('agree_contract');
            }}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${ids}-consent-error` : undefined}
          />
          <span>
            {t('agreeBefore')}
            {/* A new tab, so reading the contract does not cost the applicant what they typed. */}
            <PageLink path={PAGES.contract.path} newTab>
              {t('agreeLink')}
            </PageLink>
          </span>
        </label>
        {consentError && (
          <p id={`${ids}-consent-error`} className={styles.error} role="alert">
            {consentError}
          </p>
        )}
      </div>

      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" variant="primary" block busy={busy}>
        {busy ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
