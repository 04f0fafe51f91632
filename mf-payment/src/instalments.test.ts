import { dueNowSelection, initialSelection, openPeriods, selectedTotal } from './instalments';
import { instalment } from '@instalment/testing/fixtures';
import { schedule } from './testing/fixtures';

describe('instalment selection helpers', () => {
  const { list } = schedule();

  it('lists the open periods in order', () => {
    expect(openPeriods(list)).toEqual([2, 3, 4]);
  });

  it('what is due now reaches the last overdue period, or the earliest unpaid one', () => {
    expect(dueNowSelection(list)).toEqual([2]);
    const twoOverdue = [
      instalment(1, { status: 'overdue', total: '10.00' }),
      instalment(2, { status: 'unpaid', total: '10.00' }),
      instalment(3, { status: 'overdue', total: '10.00' }),
      instalment(4, { status: 'unpaid', total: '10.00' }),
    ];
    expect(dueNowSelection(twoOverdue)).toEqual([1, 2, 3]);
    expect(dueNowSelection([instalment(1, { status: 'paid', total: '10.00' })])).toEqual([]);
  });

  it('takes the periods a link asks for only when they follow the rule', () => {
    expect(initialSelection(list, '3,2')).toEqual([2, 3]);
    expect(initialSelection(list, '3,4')).toEqual([2]);
    expect(initialSelection(list, '1,2')).toEqual([2]);
    expect(initialSelection(list, 'x')).toEqual([2]);
  });

  it('adds the totals in fen', () => {
    expect(
      selectedTotal([instalment(1, { status: 'unpaid', total: '0.10' }), instalment(2, { status: 'unpaid', total: '0.20' })], [1, 2]),
    ).toBe('0.30');
    expect(selectedTotal(list, [2, 3, 4])).toBe('906.00');
  });
});
