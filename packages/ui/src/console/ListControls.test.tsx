import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Downloaded } from '@instalment/contract/api';
import type { Query } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { DataTable } from './DataTable';
import { ExportButton, ListControls, useListView } from './ListControls';

const SORTS = ['created_at', 'amount'] as const;
const ROWS = [{ order_no: 'L1', amount: '1000.00', term: 3 }];

function Loans({ query, total }: { query: Query; total?: number }) {
  const { view, change, sorting } = useListView('/loans', query, SORTS);
  return (
    <>
      <ListControls query={query} view={view} change={change} total={total} zone="Asia/Shanghai" search="Order, phone or name" />
      <DataTable
        caption="Loans"
        empty="No loan matches these filters."
        rows={ROWS}
        rowKey={(row) => row.order_no}
        sorting={sorting}
        columns={[
          { header: 'Order', cell: (row) => row.order_no },
          { header: 'Amount', cell: (row) => row.amount, sort: 'amount' },
          { header: 'Term', cell: (row) => row.term },
        ]}
      />
      <output data-testid="view">{JSON.stringify(view)}</output>
    </>
  );
}

function show(query: Query, total?: number, locale: 'en' | 'zh-CN' = 'en') {
  const test = createTestHost({ locale });
  renderWithHost(test.host, <Loans query={query} total={total} />);
  return test.navigate;
}

const pages = () => screen.getByRole('navigation', { name: 'Pages' });

describe('ListControls', () => {
  it('tells the page among all pages and the true total, and turns the page keeping the filters', () => {
    const navigate = show({ status: 'overdue', page: '2', limit: '25' }, 102);
    expect(pages()).toHaveTextContent('Page 2 of 5 · 102 in all');
    fireEvent.click(within(pages()).getByRole('button', { name: 'Next page' }));
    expect(navigate).toHaveBeenLastCalledWith('/loans', { status: 'overdue', page: '3', limit: '25' });
    fireEvent.click(within(pages()).getByRole('button', { name: 'Previous page' }));
    expect(navigate).toHaveBeenLastCalledWith('/loans', { status: 'overdue', page: '1', limit: '25' });
  });

  it('cannot go before the first page or past the last', () => {
    show({ page: '1' }, 40);
    expect(pages()).toHaveTextContent('Page 1 of 1 · 40 in all');
    expect(within(pages()).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pages()).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('a new page size or sort starts again from the first page', () => {
    const navigate = show({ status: 'pending', page: '3' }, 500);
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '200' } });
    expect(navigate).toHaveBeenLastCalledWith('/loans', { status: 'pending', limit: '200' });
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(navigate).toHaveBeenLastCalledWith('/loans', { status: 'pending', sort: 'amount', order: 'desc' });
  });

  it('sorts by a column when its header is clicked, largest first, then the other way round; it says which way', () => {
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    const navigate = show({}, 10);
    // Unsorted, the list is in its own order (newest first), which no shown header claims.
    expect(header('Amount')).not.toHaveAttribute('aria-sort');
    expect(within(header('Term')).queryByRole('button')).toBeNull();
    fireEvent.click(within(header('Amount')).getByRole('button', { name: 'Amount' }));
    expect(navigate).toHaveBeenLastCalledWith('/loans', { sort: 'amount', order: 'desc' });
  });

  it('a sorted column says so, and a second click turns the order round', () => {
    const navigate = show({ sort: 'amount', order: 'desc', page: '2' }, 120);
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(within(amount).getByRole('button', { name: 'Amount' }));
    expect(navigate).toHaveBeenLastCalledWith('/loans', { sort: 'amount', order: 'asc' });
  });

  it('an ascending column says so, and a click sorts it largest first again', () => {
    const navigate = show({ sort: 'amount', order: 'asc' }, 120);
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(amount).getByRole('button', { name: 'Amount' }));
    expect(navigate).toHaveBeenLastCalledWith('/loans', { sort: 'amount', order: 'desc' });
  });

  it('sends the search and the days typed, in the business zone, leaving out the empty ones', () => {
    const navigate = show({ page: '4', q: 'old', from: '2026-11-01' }, 500);
    const filters = screen.getByRole('form', { name: 'Filters' });
    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Order, phone or name' }), { target: { value: ' 13800 ' } });
    fireEvent.change(within(filters).getByLabelText('From day (Asia/Shanghai)'), { target: { value: '' } });
    fireEvent.change(within(filters).getByLabelText('To day (Asia/Shanghai)'), { target: { value: '2026-11-25' } });
    fireEvent.submit(filters);
    expect(navigate).toHaveBeenLastCalledWith('/loans', { q: '13800', to: '2026-11-25' });
  });

  it('reads the view from the URL, a size or sort the list does not offer falling back to its own', () => {
    show({ page: '2', limit: '7', sort: 'password', order: 'sideways', q: 'Wang' }, 120);
    expect(JSON.parse(screen.getByTestId('view').textContent ?? '')).toEqual({ page: 2, limit: 50, q: 'Wang' });
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
    expect(screen.getByRole('searchbox', { name: 'Order, phone or name' })).toHaveValue('Wang');
    expect(pages()).toHaveTextContent('Page 2 of 3 · 120 in all');
  });

  it('speaks Chinese', () => {
    show({ page: '2', limit: '25' }, 102, 'zh-CN');
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav).toHaveTextContent('第 2 / 5 页 · 共 102 条');
    expect(within(nav).getByRole('button', { name: '下一页' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: '每页条数' })).toBeInTheDocument();
    expect(screen.getByLabelText('起始日期 (Asia/Shanghai)')).toHaveAttribute('type', 'date');
  });
});

describe('ExportButton', () => {
  afterEach(() => jest.restoreAllMocks());

  async function exported(answer: Promise<Downloaded>) {
    const { host, ui } = createTestHost();
    const download = jest.spyOn(host.http, 'download').mockReturnValue(answer);
    renderWithHost(host, <ExportButton kind="payments" query={{ from: '2026-11-01' }} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    });
    expect(download).toHaveBeenCalledWith('/admin/api/export/payments?from=2026-11-01', undefined, { toast: false, loading: false });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    return ui;
  }

  it('saves the file the console’s client fetched with the operator’s token, under the server’s name', async () => {
    const blob = new Blob(['order_no\n']);
    URL.createObjectURL = jest.fn(() => 'blob:http://console.test/export');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('payments-2026-11.csv');
    });
    const ui = await exported(Promise.resolve({ blob, filename: 'payments-2026-11.csv' }));
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(click).toHaveBeenCalled();
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('says why an export was refused', async () => {
    const ui = await exported(Promise.reject(new ApiError('Not yours to export', 403)));
    expect(ui.toast).toHaveBeenCalledWith('The export failed: Not yours to export', 'error');
  });

  it('leaves an ended session to the client, which sends the operator to sign in saying why', async () => {
    const ui = await exported(Promise.reject(new ApiError('Your session ended. Sign in again.', 401)));
    expect(ui.toast).not.toHaveBeenCalled();
  });
});
