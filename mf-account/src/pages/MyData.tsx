import type { PageProps } from '@instalment/host-sdk/host';
import { Loadable, useLoad } from '@instalment/ui/kit';
import { accountClosure } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';
import { CloseAccount } from '../components/CloseAccount';
import { DataDownload } from '../components/DataDownload';

/** "My data": a copy of everything held about the borrower, and closing the account. */
export default function MyData(_props: PageProps) {
  const api = useApi({ user: { accountClosure } });
  const closure = useLoad(() => api.user.accountClosure({ loading: false }), [api]);
  return (
    <>
      <DataDownload />
      <Loadable loaded={closure}>{(data) => <CloseAccount closure={data} />}</Loadable>
    </>
  );
}
