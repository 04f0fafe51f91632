import { useHost, useT } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { Button, EmptyState, ErrorState } from '@instalment/ui/kit';
import { messages } from '../messages';
import { PATHS } from '@instalment/contract/paths';

/** The server answered and refused (no such order for this user), as opposed to not answering at all. */
export function isRefusal(error: Error): boolean {
  return error instanceof ApiError && typeof error.code === 'number';
}

/** A loan page opened without an order, or for an order the user does not have. */
export function LoanNotFound({ orderNo }: { orderNo?: string }) {
  const host = useHost();
  const t = useT(messages);
  return (
    <EmptyState
      message={`${t('notFound')} ${orderNo ? t('notFoundOrder', { order_no: orderNo }) : t('notFoundNoOrder')}`}
      action={
        <Button variant="primary" onClick={() => host.navigate(PATHS.myLoans)}>
          {t('toMyLoans')}
        </Button>
      }
    />
  );
}

/** A failed load of one loan: refused means not found; anything else can be retried. */
export function LoanLoadFailure({ error, orderNo, onRetry }: { error: Error; orderNo: string; onRetry: () => void }) {
  return isRefusal(error) ? <LoanNotFound orderNo={orderNo} /> : <ErrorState message={error.message} onRetry={onRetry} />;
}
