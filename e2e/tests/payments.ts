import { expect } from '@playwright/test';
import { cashier, createLoan, DEV_ENDPOINTS, uploadFile, uploadProof, type HttpClient } from '../../packages/contract/src/api';
import { application } from './borrowers';
import { newProofImage, shellUrl } from './support';

/**
 * A borrower who opened Alipay's page for instalment 1 and, while it was open, had a transfer
 * proof of it confirmed; then paid at Alipay. The notify finds the instalment settled otherwise.
 */
export async function paidTwice(http: HttpClient) {
  const { order_no } = await createLoan(http, application());
  const due = await cashier(http, { order_no, periods: '1', channel: 'alipay', return_url: `${shellUrl()}/` });
  const alipay = new URL(due.pay_url!).origin;
  // The payer's browser opens Alipay's page: the trade exists, waiting for the payer.
  expect((await fetch(due.pay_url!)).status).toBe(200);
  const file = await uploadFile(http, new Blob([new Uint8Array(newProofImage())], { type: 'image/png' }), 'receipt.png');
  const proof = await uploadProof(http, { order_no, periods: [1], amount: due.total, file_url: file.url });
  await http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: proof.id, decision: 'approve' });
  // The payer presses Pay on the page still open: Alipay takes the money and notifies the API.
  await payAtAlipay(due.pay_url!, due.payment_no);
  const refunds = async () =>
    (await (await fetch(`${alipay}/refunds?out_trade_no=${due.payment_no}`)).json()) as Array<{ refundAmount: string }>;
  return { order_no, due, refunds };
}

/** The payer presses Pay on Alipay's page: Alipay takes the money and notifies the API. */
export async function payAtAlipay(payUrl: string, paymentNo: string) {
  const paid = await fetch(`${new URL(payUrl).origin}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ out_trade_no: paymentNo }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}
