import { screen } from '@testing-library/react';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { instalment } from '@instalment/testing/fixtures';
import { previewSchedule } from './applicationDraft';
import { InstalmentList } from './components/InstalmentList';
import { RATES } from './testing/fixtures';

// 20:00 UTC on 14 January: already the 15th in Shanghai, still the 14th in London.
const EVENING_UTC = Date.UTC(2026, 0, 14, 20);

test.each([
  ['Asia/Shanghai', 'Paid on 2026-01-15'],
  ['Europe/London', 'Paid on 2026-01-14'],
])('a paid day reads on the calendar the API serves (%s)', async (zone, shown) => {
  const test = createTestHost({ loggedIn: true });
  test.api.loan.loanRates.mockResolvedValue({ ...RATES, business_timezone: zone });
  renderWithHost(
    test.host,
    <InstalmentList instalments={[instalment(1, { status: 'paid', paid_at: new Date(EVENING_UTC).toISOString() })]} term={3} />,
  );
  expect(await screen.findByText(shown)).toBeInTheDocument();
});

test('the schedule an applicant is shown starts on the lender’s today, in the zone the API serves', () => {
  const firstDue = (zone: string) =>
    previewSchedule('3000', '3', { ...RATES, business_timezone: zone }, EVENING_UTC)!.instalments[0].dueDate;
  expect(firstDue('Asia/Shanghai')).toBe('2026-02-15');
  expect(firstDue('Europe/London')).toBe('2026-02-14');
});
