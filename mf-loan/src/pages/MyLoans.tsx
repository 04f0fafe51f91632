import { type PageProps, useHost, usePullDownRefresh, useT } from '@instalment/host-sdk/host';
import { Button, EmptyState, ErrorState, LoadingState, LoadMore, usePagedList } from '@instalment/ui/kit';
import { LoanCard } from '../components/LoanCard';
import { messages } from '../messages';
import styles from './MyLoans.module.css';
import { PATHS } from '@instalment/contract/paths';
import { myLoans } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

export default function MyLoans(_props: PageProps) {
  const host = useHost();
  const api = useApi({ loan: { myLoans } });
  const t = useT(messages);
  // The list draws its own loading and failure states, so the calls stay quiet.
  const list = usePagedList((page, limit) => api.loan.myLoans({ page, limit }, { loading: false, toast: false }));
  usePullDownRefresh(() => list.reload());

  if (list.initialLoading) return <LoadingState />;
  if (list.error && list.items.length === 0) return <ErrorState message={list.error.message} onRetry={() => void list.reload()} />;
  if (list.items.length === 0) {
    return (
      <EmptyState
        message={t('noLoans')}
        action={
          <Button variant="primary" onClick={() => host.navigate(PATHS.apply)}>
            {t('applyForLoan')}
          </Button>
        }
      />
    );
  }
  return (
    <div>
      <ul className={styles.list}>
        {list.items.map((loan) => (
          <li key={loan.order_no}>
            <LoanCard loan={loan} />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} error={list.error} onMore={() => void list.loadMore()} />
    </div>
  );
}
