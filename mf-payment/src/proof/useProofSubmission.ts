import { useEffect, useReducer, useRef } from 'react';
import { type Money, uploadProof } from '@instalment/contract/api';
import { useHost } from '@instalment/host-sdk/host';
import { isAbort } from '@instalment/host-sdk/http';
import { type CommonMessageKey } from '@instalment/contract/i18n';
import { downscaleImage, type UploadStage, uploadWithChunks } from '@instalment/ui/upload';
import { useApi } from '@instalment/ui/facade';

export type SubmissionStage = UploadStage | 'submitting';

/** What the progress bar says at each stage. */
export const STAGE_TEXT: Record<SubmissionStage, CommonMessageKey> = {
  uploading: 'uploadingProof',
  uploadingChunk: 'uploadingChunk',
  mergingFile: 'mergingFile',
  cleaning: 'cleaning',
  submitting: 'uploadingProof',
};

/**
 * A transfer proof on its way: idle → sending (uploading the receipt in chunks, then the
 * voucher) → done, or failed (retry keeps everything), or cancelled by the person.
 */
export type Submission =
  | { phase: 'idle' }
  | { phase: 'sending'; stage: SubmissionStage; progress: number }
  | { phase: 'failed'; message: string | null }
  | { phase: 'cancelled' }
  | { phase: 'done' };

type Event =
  | { type: 'stage'; stage: SubmissionStage }
  | { type: 'progress'; fraction: number }
  | { type: 'failed'; message: string | null }
  | { type: 'cancelled' }
  | { type: 'done' };

function next(state: Submission, event: Event): Submission {
  switch (event.type) {
    case 'stage':
      return {
        phase: 'sending',
        stage: event.stage,
        progress: state.phase === 'sending' && event.stage !== 'uploading' ? state.progress : 0,
      };
    case 'progress':
      return state.phase === 'sending' ? { ...state, progress: event.fraction } : state;
    case 'failed':
      return { phase: 'failed', message: event.message };
    case 'cancelled':
      return { phase: 'cancelled' };
    case 'done':
      return { phase: 'done' };
  }
}

export interface ProofToSend {
  orderNo: string;
  periods: number[];
  amount: Money;
  file: File;
  remark: string;
}

/**
 * Sends a proof: the receipt through the shared chunked uploader, then the voucher. A receipt
 * already stored is not sent again when only the voucher call failed; leaving the page
 * mid-upload cancels it, which also cleans the chunks stored so far.
 */
export function useProofSubmission() {
  const host = useHost();
  const api = useApi({ loan: { uploadProof } });
  const [state, dispatch] = useReducer(next, { phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const send = async ({ orderNo, periods, amount, file, remark }: ProofToSend): Promise<boolean> => {
    if (controller.current) return false;
    const abort = new AbortController();
    controller.current = abort;
    try {
      let fileUrl = uploaded.current?.file === file ? uploaded.current.url : null;
      if (!fileUrl) {
        dispatch({ type: 'stage', stage: 'uploading' });
        const toSend = await downscaleImage(file);
        const stored = await uploadWithChunks(host.http, toSend, {
          signal: abort.signal,
          onProgress: (fraction) => dispatch({ type: 'progress', fraction }),
          onStage: (stage) => dispatch({ type: 'stage', stage }),
        });
        uploaded.current = { file, url: stored.url };
        fileUrl = stored.url;
      }
      dispatch({ type: 'stage', stage: 'submitting' });
      await api.loan.uploadProof(
        { order_no: orderNo, periods: [...periods].sort((a, b) => a - b), amount, file_url: fileUrl, remark: remark.trim() || undefined },
        { loading: false, toast: false },
      );
      dispatch({ type: 'done' });
      return true;
    } catch (caught) {
      if (isAbort(caught)) dispatch({ type: 'cancelled' });
      else dispatch({ type: 'failed', message: caught instanceof Error && caught.message ? caught.message : null });
      return false;
    } finally {
      controller.current = null;
    }
  };

  const cancel = () => controller.current?.abort();

  return { state, send, cancel, busy: state.phase === 'sending' };
}
