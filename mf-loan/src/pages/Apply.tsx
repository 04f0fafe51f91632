import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { agree, createLoan, credit, type CreditLine, isConsentRequired, loanRates, type OfferedRates } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { checkApplication, formatMoney, formatRate, LOAN_PURPOSES, loanMessages, toFen } from '@instalment/contract/loan';
import {
  AgreementConsentBox,
  Button,
  Checkbox,
  ChoiceGroup,
  Field,
  Loadable,
  PageLink,
  Select,
  useAgreementConsent,
  useForm,
  useLoad,
} from '@instalment/ui/kit';
import { clearDraft, DRAFT_FIELDS, type Draft, loadDraft, previewSchedule, saveDraft, toApplication } from '../applicationDraft';
import { RepaymentPreview } from '../components/RepaymentPreview';
import { useProblemText } from '../components/useProblemText';
import { messages } from '../messages';
import styles from './Apply.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

const BANKS = ['bank_icbc', 'bank_ccb', 'bank_abc', 'bank_boc', 'bank_bocom', 'bank_cmb', 'bank_psbc'] as const;

export default function Apply(_props: PageProps) {
  const host = useHost();
  const api = useApi({ loan: { loanRates, credit } });
  const offer = useLoad(async () => {
    const [rates, credit] = await Promise.all([api.loan.loanRates(QUIET), api.loan.credit(QUIET)]);
    return { rates, credit };
  }, [host]);
  return <Loadable loaded={offer}>{(data) => <ApplyForm rates={data.rates} credit={data.credit} />}</Loadable>;
}

const QUIET = { loading: false, toast: false };

function ApplyForm({ rates, credit }: { rates: OfferedRates; credit: CreditLine }) {
  const host = useHost();
  const api = useApi({ user: { agree }, loan: { createLoan } });
  const t = useT(messages);
  const tLoan = useT(loanMessages);
  const problemText = useProblemText(rates);
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server asked for consent to the terms and privacy policy in force (the account has none on record, or older texts').
  const [consentAsked, setConsentAsked] = useState(false);
  const consent = useAgreementConsent();
  // One start date for the whole visit, so the preview's due dates do not move while typing.
  const [today] = useState(() => Date.now());
  const form = useForm<Draft>(loadDraft, (draft) => {
    const application = toApplication(draft);
    const problems = checkApplication(application, rates);
    // Within the rules, but more than this account may still borrow: the server says the same.
    const overCredit = !problems.amount && (toFen(application.amount) ?? 0) > (toFen(credit.available) ?? 0);
    const texts = Object.fromEntries(DRAFT_FIELDS.map((field) => [field, problems[field] ? problemText(problems[field]) : null]));
    if (overCredit) texts.amount = t('overCredit', { amount: formatMoney(credit.available) });
    return texts;
  });
  const draft = form.values;

  useEffect(() => saveDraft(draft), [draft]);

  const schedule = useMemo(() => previewSchedule(draft.amount, draft.term, rates, today), [draft.amount, draft.term, rates, today]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const agreed = consentAsked ? consent.require() : null;
    if (busy || !form.validate() || (consentAsked && !agreed)) return;
    setBusy(true);
    try {
      if (agreed) {
        await api.user.agree(agreed, { toast: false });
        setConsentAsked(false);
      }
      const created = await api.loan.createLoan(toApplication(draft), { toast: false });
      clearDraft();
      host.navigate(PATHS.loanDetail, { order_no: created.order_no }, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && isConsentRequired(caught.data)) setConsentAsked(true);
      setFailure(t('submitFailed', { reason: caught instanceof Error ? caught.message : String(caught) }));
      setBusy(false);
    }
  }

  const purposes = LOAN_PURPOSES.filter((purpose) => rates.purposes.includes(purpose));

  if (credit.blocked === 'overdue') {
    return (
      <section className={styles.section} aria-labelledby={`${ids}-blocked`}>
        <h2 id={`${ids}-blocked`} className={styles.heading}>
          {t('sectionLoan')}
        </h2>
        <p role="status">{t('creditBlockedOverdue')}</p>
        <PageLink path={PATHS.overdueImpact}>{t('seeOverdueImpact')}</PageLink>
      </section>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
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
          {...form.field('amount')}
        />
        <ChoiceGroup
          legend={t('term')}
          {...form.choice('term')}
          options={rates.terms.map((offer) => ({
            value: String(offer.term),
            label: (
              <>
                {t('termOption', { months: tLoan('months', { n: offer.term }), rate: formatRate(offer.monthly_rate_bp) })}
                {offer.monthly_fee_bp > 0 && t('termFee', { fee: formatRate(offer.monthly_fee_bp) })}
                {t('termApr', { apr: formatRate(offer.apr_bp) })}
              </>
            ),
          }))}
        />
        <Select
          label={t('purpose')}
          placeholder={t('purposePlaceholder')}
          options={purposes.map((purpose) => ({ value: purpose, label: tLoan(`purpose_${purpose}`) }))}
          {...form.field('purpose')}
        />
      </section>

      <RepaymentPreview schedule={schedule} />

      <section className={styles.section}>
        <h2 className={styles.heading}>{t('sectionBorrower')}</h2>
        <Field label={t('realName')} autoComplete="name" {...form.field('real_name')} />
        <Field label={t('idCard')} autoComplete="off" maxLength={22} {...form.field('id_card')} />
      </section>

      <section className={styles.section}>
        <h2 className={styles.heading}>{t('sectionBank')}</h2>
        <Field label={t('bankCard')} inputMode="numeric" autoComplete="cc-number" maxLength={23} {...form.field('bank_card')} />
        <Field label={t('bankName')} hint={t('bankNameHint')} list={`${ids}-banks`} autoComplete="off" {...form.field('bank_name')} />
        <datalist id={`${ids}-banks`}>
          {BANKS.map((bank) => (
            <option key={bank} value={t(bank)} />
          ))}
        </datalist>
      </section>

      <Checkbox {...form.checkbox('agree_contract')}>
        {t('agreeBefore')}
        {/* A new tab, so reading the contract does not cost the applicant what they typed. */}
        <PageLink path={PATHS.contract} newTab>
          {t('agreeLink')}
        </PageLink>
      </Checkbox>
      {consentAsked && <AgreementConsentBox consent={consent} />}

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
