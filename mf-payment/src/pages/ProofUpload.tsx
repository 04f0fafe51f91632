import { type FormEvent, useState } from 'react';
import { bankInfo, type BankInfo, installments, type InstalmentsResult } from '@instalment/contract/api';
import type { PageProps } from '@instalment/host-sdk/host';
import { useHost, useLocale, useT } from '@instalment/host-sdk/host';
import { commonMessages } from '@instalment/contract/i18n';
import {
  checkPeriodSelection,
  checkProofRemark,
  formatMoney,
  loanMessages,
  remarkProblemText,
  PROOF_REMARK_MAX_LENGTH,
} from '@instalment/contract/loan';
import { Button, EmptyState, ErrorState, Loadable, TextArea, useForm, useLoad } from '@instalment/ui/kit';
import { checkProofFile, uploadMessages } from '@instalment/ui/upload';
import { CopyRows } from '../components/CopyRows';
import { PeriodPicker } from '../components/PeriodPicker';
import { ProgressBar } from '../components/ProgressBar';
import { ProofFilePicker } from '../components/ProofFilePicker';
import { initialSelection, openPeriods, selectedTotal } from '../instalments';
import { messages } from '../messages';
import { STAGE_TEXT, useProofSubmission } from '../proof/useProofSubmission';
import styles from './pages.module.css';
import { PATHS } from '@instalment/contract/paths';
import { useApi } from '@instalment/ui/facade';

interface ProofData {
  bank: BankInfo;
  schedule: InstalmentsResult;
}

/** The platform's account to transfer to, and the form that reports a transfer with its receipt. */
export default function ProofUpload({ query }: PageProps) {
  const host = useHost();
  const api = useApi({ loan: { bankInfo, installments } });
  const t = useT(messages);
  const orderNo = query.order_no ?? '';
  const loaded = useLoad(async (): Promise<ProofData | null> => {
    if (!orderNo) return null;
    const [bank, schedule] = await Promise.all([api.loan.bankInfo(), api.loan.installments({ order_no: orderNo })]);
    return { bank, schedule };
  }, [host, orderNo]);

  if (!orderNo) return <ErrorState message={t('noOrder')} />;
  return <Loadable loaded={loaded}>{(data) => <ProofForm orderNo={orderNo} requestedPeriods={query.periods} data={data} />}</Loadable>;
}

function ProofForm({ orderNo, requestedPeriods, data }: { orderNo: string; requestedPeriods?: string; data: ProofData }) {
  const host = useHost();
  const t = useT(messages);
  const tc = useT(commonMessages);
  const tl = useT(loanMessages);
  const tu = useT(uploadMessages);
  const locale = useLocale();
  const list = data.schedule.list;
  const open = openPeriods(list);
  const submission = useProofSubmission();
  const { busy, state } = submission;

  const [selected, setSelected] = useState(() => initialSelection(list, requestedPeriods));
  const [periodsError, setPeriodsError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm({ remark: '' }, ({ remark }) => {
    const problem = checkProofRemark(remark);
    return { remark: problem ? remarkProblemText(problem, locale) : null };
  });

  const choosePeriods = (next: number[]) => {
    setSelected(next);
    setPeriodsError(null);
  };

  const pickFile = (picked: File | null) => {
    const problem = picked ? checkProofFile(picked) : null;
    setFileError(problem ? tu(problem) : null);
    setFile(problem ? null : picked);
  };

  // A proof is for exactly what its instalments cost today: the server refuses anything else.
  const total = selectedTotal(list, selected);

  const validate = (): boolean => {
    const periodProblem = checkPeriodSelection(open, selected);
    setPeriodsError(periodProblem ? tl(periodProblem) : null);
    if (!file && !fileError) setFileError(t('fileRequired'));
    const remarkValid = form.validate();
    return !periodProblem && file !== null && remarkValid;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !validate() || !file) return;
    const sent = await submission.send({ orderNo, periods: selected, amount: total, file, remark: form.values.remark });
    if (!sent) return;
    host.ui.toast(t('submitted'), 'success');
    host.navigate(PATHS.loanDetail, { order_no: orderNo }, { replace: true });
  };

  if (open.length === 0) return <EmptyState message={t('allPaid')} />;
  const { bank } = data;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="proof-account">
        <h2 id="proof-account" className={styles.sectionTitle}>
          {t('receivingAccount')}
        </h2>
        <CopyRows
          rows={[
            [t('accountName'), bank.account_name],
            [t('accountNo'), bank.account_no],
            [t('bankName'), bank.bank_name],
            [t('branch'), bank.branch],
            [t('remarkHint'), bank.remark_hint],
          ]}
        />
      </section>

      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
        <PeriodPicker legend={t('periodsPaid')} list={list} selected={selected} onChange={choosePeriods} disabled={busy} />
        {periodsError && (
          <p className={styles.error} role="alert">
            {periodsError}
          </p>
        )}
        <div className={styles.amountRow}>
          <span className={styles.fieldLabel} id="proof-amount-label">
            {t('amountPaid')}
          </span>
          <output className={styles.bigAmount} aria-labelledby="proof-amount-label" aria-live="polite">
            {formatMoney(total)}
          </output>
          <p className={styles.hint}>{t('amountExactHint')}</p>
        </div>
        <ProofFilePicker file={file} error={fileError} disabled={busy} onPick={pickFile} />
        <TextArea
          label={t('remark')}
          maxLength={PROOF_REMARK_MAX_LENGTH}
          rows={3}
          placeholder={t('remarkPlaceholder')}
          disabled={busy}
          {...form.field('remark')}
        />

        {state.phase === 'sending' && (
          <ProgressBar
            fraction={state.stage === 'submitting' ? 1 : state.progress}
            label={t('uploadProgress')}
            text={tc(STAGE_TEXT[state.stage])}
          />
        )}
        {state.phase === 'failed' && (
          <p className={styles.error} role="alert">
            {state.message ?? tc('uploadFailed')}
          </p>
        )}
        {state.phase === 'cancelled' && (
          <p className={styles.hint} role="status">
            {t('uploadCancelled')}
          </p>
        )}

        <div className={styles.formActions}>
          {state.phase === 'sending' && state.stage !== 'submitting' && <Button onClick={submission.cancel}>{t('cancelUpload')}</Button>}
          <Button type="submit" variant="primary" block busy={busy}>
            {state.phase === 'failed' ? tc('retry') : t('submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
