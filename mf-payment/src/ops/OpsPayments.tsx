import { consolePayments } from '@instalment/shared/api';
import { useHost, useT } from '@instalment/shared/host';
import { inZone, shownTime } from '@instalment/shared/format';
import { LoadedTable, opsMessages, type OpsPageProps } from '@instalment/shared/ops';
import { useLoad } from '@instalment/shared/ui';
import { opsPaymentMessages } from './messages';

/** Payments through the gateway, newest first. */
export default function OpsPayments({ operator }: OpsPageProps) {
  const zone = operator.business_timezone;
  const { http } = useHost();
  const t = useT(opsPaymentMessages);
  const common = useT(opsMessages);
  const loaded = useLoad(() => consolePayments(http, { limit: 50 }), [http]);
  return (
    <LoadedTable
      loaded={loaded}
      caption={t('payments')}
      rows={(data) => data.list}
      rowKey={(row) => row.payment_no}
      columns={[
        { header: t('paymentNo'), cell: (row) => row.payment_no },
        { header: common('orderNo'), cell: (row) => row.order_no },
        { header: common('amount'), cell: (row) => row.amount },
        { header: common('status'), cell: (row) => row.status },
        { header: t('channel'), cell: (row) => row.channel ?? '' },
        { header: inZone(t('paid'), zone), cell: (row) => shownTime(row.paid_at, zone) },
      ]}
    />
  );
}
