import { fireEvent, screen, within } from '@testing-library/react';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { DataTable } from './DataTable';

interface Payment {
  payment_no: string;
  amount: string;
  trade_no: string;
}

const PAYMENTS: Payment[] = [
  { payment_no: 'P1', amount: '74000.00', trade_no: '2026112522001400001234' },
  { payment_no: 'P2', amount: '1397.79', trade_no: '2026112522001400005678' },
];

function shownIn(locale: 'en' | 'zh-CN') {
  renderWithHost(
    createTestHost({ locale }).host,
    <DataTable
      caption="Payments"
      empty="No payment."
      rows={PAYMENTS}
      rowKey={(row) => row.payment_no}
      columns={[
        { header: 'No.', cell: (row) => row.payment_no, shape: 'code' },
        { header: 'Amount', amount: (row) => row.amount },
        { header: 'Trade', cell: (row) => row.trade_no, detail: true },
        { header: 'Actions', cell: (row) => <button type="button">Refund {row.payment_no}</button>, shape: 'actions' },
      ]}
    />,
  );
  return screen.getByRole('table', { name: 'Payments' });
}

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

test('a column marked as detail is read under its row once its disclosure button is pressed, the actions staying last', () => {
  const table = shownIn('en');
  expect(headersOf(table)).toEqual(['No.', 'Amount', 'Details', 'Actions']);
  expect(within(table).queryByText('2026112522001400001234')).not.toBeVisible();
  const disclosure = within(table).getByRole('button', { name: 'Details of P1' });
  expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(disclosure);
  expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  const details = document.getElementById(disclosure.getAttribute('aria-controls')!)!;
  expect(details).toBeVisible();
  expect(within(details).getByText('Trade').nextSibling).toHaveTextContent('2026112522001400001234');
  // Only that row's details open; the other row's stay folded.
  expect(within(table).getByText('2026112522001400005678')).not.toBeVisible();
  fireEvent.click(disclosure);
  expect(details).not.toBeVisible();
});

test('in Chinese the disclosure and its header are translated and amounts keep their thousands separators', () => {
  const table = shownIn('zh-CN');
  expect(headersOf(table)).toEqual(['No.', 'Amount', '详情', 'Actions']);
  expect(within(table).getByRole('button', { name: 'P1 详情' })).toBeInTheDocument();
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('¥74,000.00');
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent('¥1,397.79');
});

test('a table without detail columns has no disclosure', () => {
  renderWithHost(
    createTestHost().host,
    <DataTable caption="Loans" empty="No loan." rows={['L1']} rowKey={(row) => row} columns={[{ header: 'Order', cell: (row) => row }]} />,
  );
  expect(headersOf(screen.getByRole('table', { name: 'Loans' }))).toEqual(['Order']);
  expect(screen.queryByRole('button')).toBeNull();
});
