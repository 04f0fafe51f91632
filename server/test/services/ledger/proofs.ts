import { DEV_ENDPOINTS, installments, uploadFile, uploadProof, type Proof } from '@instalment/contract/api';
import { fromFen, toFen } from '@instalment/contract/loan';
import { blob, PNG_BYTES, type TestClient } from '../../helpers';

let receipts = 0;
/** A transfer proof for `periods` at what they cost today, with a receipt unlike any other (one receipt backs one proof). */
export async function proof(user: TestClient, order_no: string, periods: number[]): Promise<Proof> {
  const plan = await installments(user.http, { order_no });
  const amount = plan.list.filter((item) => periods.includes(item.period)).reduce((sum, item) => sum + toFen(item.total)!, 0);
  const receipt = blob(Buffer.concat([PNG_BYTES, Buffer.from(String((receipts += 1)))]), 'image/png');
  const file = await uploadFile(user.http, receipt, 'receipt.png');
  return uploadProof(user.http, { order_no, periods, amount: fromFen(amount), file_url: file.url });
}

/** A reviewer confirms the transfer: the proof's instalments are settled through the ledger. */
export const approve = (user: TestClient, voucher: Proof) =>
  user.http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: voucher.id, decision: 'approve' });
