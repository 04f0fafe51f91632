import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { BankInfo, InstalmentsResult } from '@instalment/shared/api';
import type { PageProps } from '@instalment/shared/host';
import { useHost, useLocale, useT } from '@instalment/shared/host';
import { isAbort } from '@instalment/shared/http';
import { commonMessages, type CommonMessageKey } from '@instalment/shared/i18n';
import {
  checkPeriodSelection,
  checkVoucherRemark,
  formatMoney,
  loanMessages,
  remarkProblemText,
  VOUCHER_REMARK_MAX_LENGTH,
} from '@instalment/shared/loan';
import { Button, EmptyState, ErrorState, useLoad } from '@instalment/shared/ui';
import { checkProofFile, downscaleImage, uploadMessages, type UploadStage, uploadWithChunks } from '@instalment/shared/upload';
import { CopyRows } from '../components/CopyRows';
import { PeriodPicker } from '../components/PeriodPicker';
import { ProgressBar } from '../components/ProgressBar';
import { ProofFilePicker } from '../components/ProofFilePicker';
import { initialSelection, openPeriods, selectedTotal } from '../instalments';
import { messages } from '../messages';
import styles from './pages.module.css';
import { PAGES } from '@instalment/shared/pages';

type Stage = UploadStage | 'submitting';

const STAGE_TEXT: Record<Stage, CommonMessageKey> = {
  uploading: 'uploadingProof',
  uploadingChunk: 'uploadingChunk',
  mergingFile: 'mergingFile',
  cleaning: 'cleaning',
  submitting: 'uploadingProof',
};

interface ProofData {
  bank: BankInfo;
  schedule: InstalmentsResult;
}

/** The platform's account to transfer to, and the form that reports a transfer with its receipt. */
export default function ProofUpload({ query }: PageProps) {
  const host = useHost();
  const t = useT(messages);
  const orderNo = query.order_no ?? '';
  const { data, error, loading, reload } = useLoad(async (): Promise<ProofData | null> => {
    if (!orderNo) return null;
    const [bank, schedule] = await Promise.all([host.api.loan.bankInfo(), host.api.loan.installments({ order_no: orderNo })]);
    return { bank, schedule };
  }, [host, orderNo]);
  const tc = useT(commonMessages);

  if (!orderNo) return <ErrorState message={t('noOrder')} />;
  if (error && !data) return <ErrorState message={error.message || tc('requestFailed')} onRetry={() => void reload()} />;
  if (!data)
    return (
      <p className={styles.muted} role="status">
        {loading ? tc('loading') : ''}
      </p>
    );
  return <ProofForm orderNo={orderNo} requestedPeriods={query.periods} data={data} />;
}

function ProofForm({ orderNo, requestedPeriods, data }: { orderNo: string; requestedPeriods?: string; data: ProofData }) {
  const host = useHost();
  const t = useT(messages);
  const tc = useT(commonMessages);
  const tl = useT(loanMessages);
  const tu = useT(uploadMessages);
  const locale = useLocale();
  const remarkId = useId();
  const list = data.schedule.list;
  const open = openPeriods(list);

  const [selected, setSelected] = useState(() => initialSelection(list, requestedPeriods));
  const [periodsError, setPeriodsError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<Stage | null>(null);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // A file already stored is not sent again when only the voucher call failed.
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  // Leaving the page mid-upload cancels it, which also cleans the chunks stored so far.
  useEffect(() => () => controller.current?.abort(), []);

  const choosePeriods = (next: number[]) => {
    setSelected(next);
    setPeriodsError(null);
  };

  const pickFile = (picked: File | null) => {
    const problem = picked ? checkProofFile(picked) : null;
    setFileError(problem ? tu(problem) : null);
    setFile(problem ? null : picked);
    setFailure(null);
  };

  // A proof is for exactly what its instalments cost today: the server refuses anything else.
  const total = selectedTotal(list, selected);

  const checkRemark = () => {
    const problem = checkVoucherRemark(remark);
    setRemarkError(problem ? remarkProblemText(problem, locale) : null);
    return problem === null;
  };

  const validate = (): boolean => {
    const periodProblem = checkPeriodSelection(open, selected);
    setPeriodsError(periodProblem ? tl(periodProblem) : null);
    if (!file && !fileError) setFileError(t('fileRequired'));
    const remarkValid = checkRemark();
    return !periodProblem && file !== null && remarkValid;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !validate() || !file) return;
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    setFailure(null);
    setCancelled(false);
    try {
      let fileUrl = uploaded.current?.file === file ? uploaded.current.url : null;
      if (!fileUrl) {
        setProgress(0);
        setStage('uploading');
        const toSend = await downscaleImage(file);
        const stored = await uploadWithChunks(host.http, toSend, { signal: abort.signal, onProgress: setProgress, onStage: setStage });
        uploaded.current = { file, url: stored.url };
        fileUrl = stored.url;
      }
      setStage('submitting');
      await host.api.loan.uploadVoucher(
        {
          order_no: orderNo,
          periods: [...selected].sort((a, b) => a - b),
          amount: total,
          file_url: fileUrl,
          remark: remark.trim() || undefined,
        },
        { loading: false, toast: false },
      );
      host.ui.toast(t('submitted'), 'success');
      host.navigate(PAGES.loanDetail.path, { order_no: orderNo }, { replace: true });
    } catch (caught) {
      if (isAbort(caught)) setCancelled(true);
      else setFailure(caught instanceof Error && caught.message ? caught.message : tc('uploadFailed'));
    } finally {
      controller.current = null;
      setBusy(false);
      setStage(null);
    }
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
        <div className={styles.textareaField}>
          <label htmlFor={remarkId} className={styles.fieldLabel}>
            {t('remark')}
          </label>
          <textarea
            id={remarkId}
            className={styles.textarea}
            value={remark}
            maxLength={VOUCHER_REMARK_MAX_LENGTH}
            rows={3}
            placeholder={t('remarkPlaceholder')}
            disabled={busy}
            aria-invalid={remarkError ? true : undefined}
            aria-describedby={remarkError ? `${remarkId}-error` : undefined}
            onChange={(event) => {
              setRemark(event.target.value);
              if (remarkError) setRemarkError(null);
            }}
            onBlur={checkRemark}
          />
          {remarkError && (
            <p id={`${remarkId}-error`} className={styles.error} role="alert">
              {remarkError}
            </p>
          )}
        </div>

        {stage && <ProgressBar fraction={stage === 'submitting' ? 1 : progress} label={t('uploadProgress')} text={tc(STAGE_TEXT[stage])} />}
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        {cancelled && (
          <p className={styles.hint} role="status">
            {t('uploadCancelled')}
          </p>
        )}

        <div className={styles.formActions}>
          {busy && stage !== 'submitting' && <Button onClick={() => controller.current?.abort()}>{t('cancelUpload')}</Button>}
          <Button type="submit" variant="primary" block busy={busy}>
            {failure ? tc('retry') : t('submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
