import { useState } from 'react';
import type { LoanPayee } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { Button, Rows } from '@instalment/ui/kit';
import { useConsoleApi } from './console-api';
import { consoleMessages } from './messages';

/**
 * Where a loan's money goes, whole (name, bank, full card number), for finance to make or check
 * the transfer: read only when asked, since every read is a row of the audit log. The caller
 * offers it to operators who may disburse; the server refuses anyone else.
 */
export function Payee({ orderNo }: { orderNo: string }) {
  const { loans } = useConsoleApi();
  const t = useT(consoleMessages);
  const [payee, setPayee] = useState<LoanPayee | null>(null);
  if (payee)
    return (
      <Rows
        rows={[
          [t('payeeName'), payee.real_name],
          [t('payeeBank'), payee.bank_name],
          [t('payeeCard'), payee.bank_card],
        ]}
      />
    );
  const read = () => loans.payee(orderNo).then(setPayee, () => undefined);
  return (
    <p>
      <Button size="small" onClick={() => void read()}>
        {t('payeeShow', { order_no: orderNo })}
      </Button>{' '}
      {t('payeeAudited')}
    </p>
  );
}
