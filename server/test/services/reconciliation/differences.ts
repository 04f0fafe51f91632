import {
  ADMIN_ENDPOINTS,
  adminPath,
  cashier,
  createLoan,
  DEV_ENDPOINTS,
  GATEWAY_ENDPOINTS,
  paymentDifferences,
  uploadFile,
  uploadProof,
  type HttpClient,
  type PaymentDifference,
} from '@instalment/contract/api';
import type { AlipayFake } from '../../fakes/alipay';
import { blob, PNG_BYTES, signUp, type TestServer } from '../../helpers';
import type { LoggedInOperator } from '../../operators';

/** Differences made the way borrowers make them, and finance's calls on them, against a server paid through the Alipay fake. */
export function differencesOf(serverOf: () => TestServer, alipayOf: () => AlipayFake) {
  let receipts = 0;

  /** The console's typed calls, sent with an operator's token. */
  function consoleOf(operator: LoggedInOperator): HttpClient {
    const query = (params?: object) => {
      const fields = Object.entries(params ?? {}).filter(([, value]) => value !== undefined);
      return fields.length === 0 ? '' : `?${new URLSearchParams(fields.map(([name, value]) => [name, String(value)]))}`;
    };
    return {
      baseURL: serverOf().baseURL,
      get: (url, params) => operator.data('GET', `${url}${query(params)}`),
      post: (url, body) => operator.data('POST', url, body),
      upload: () => Promise.reject(new Error('the console uploads nothing here')),
      download: () => Promise.reject(new Error('the console downloads nothing here')),
    };
  }

  /**
   * A borrower who opened Alipay's page for instalment 1, had a transfer proof of it confirmed
   * meanwhile, and then paid at Alipay: the notify finds the instalment settled otherwise.
   */
  async function paidTwice() {
    const server = serverOf();
    const alipay = alipayOf();
    const borrower = await signUp(server);
    const { order_no } = await createLoan(borrower.http, borrower.application);
    const due = await cashier(borrower.http, { order_no, periods: '1', channel: 'alipay', return_url: 'http://localhost:3000/' });
    expect((await fetch(due.pay_url!)).status).toBe(200);
    // A receipt of its own: one receipt backs one proof.
    receipts += 1;
    const receipt = Buffer.concat([PNG_BYTES, Buffer.from(String(receipts))]);
    const file = await uploadFile(borrower.http, blob(receipt, 'image/png'), 'receipt.png');
    const proof = await uploadProof(borrower.http, { order_no, periods: [1], amount: due.total, file_url: file.fullurl, remark: '' });
    await server.client().http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: proof.id, decision: 'approve' });
    alipay.holdNotifies = true;
    await alipay.pay(due.payment_no);
    const notify = alipay.notifyFields(due.payment_no);
    expect(await alipay.postNotify(`${server.baseURL}${GATEWAY_ENDPOINTS.alipayNotify}`, notify)).toBe('success');
    return { borrower, order_no, due, tradeNo: alipay.trades.get(due.payment_no)!.tradeNo };
  }

  /** The difference of a payment, as finance's list shows it. */
  async function differenceOf(operator: LoggedInOperator, paymentNo: string): Promise<PaymentDifference> {
    const page = await paymentDifferences(consoleOf(operator), { limit: 50 });
    const found = page.list.find((row) => row.payment_no === paymentNo);
    if (!found) throw new Error(`no difference for ${paymentNo}`);
    return found;
  }

  const approve = (checker: LoggedInOperator, id: number) => checker.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }));

  return { consoleOf, paidTwice, differenceOf, approve };
}
