import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { NoteAction } from './DataTable';

function setup(run: (note: string) => Promise<unknown>) {
  const test = createTestHost();
  renderWithHost(test.host, <NoteAction label="Bank reference" action="Ask to disburse L1" run={run} />);
  return { ...test, user: userEvent.setup() };
}

describe('NoteAction', () => {
  it('says a change now waits for a second operator, and clears the field', async () => {
    const run = jest.fn(async () => ({ approval_id: 7, status: 'awaiting' }));
    const { ui, user } = setup(run);
    await user.type(screen.getByLabelText('Bank reference'), 'ICBC-1');
    await user.click(screen.getByRole('button', { name: 'Ask to disburse L1' }));
    expect(run).toHaveBeenCalledWith('ICBC-1');
    expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #7).', 'info');
    expect(screen.getByLabelText('Bank reference')).toHaveValue('');
  });

  it('says "Done." when the change took effect at once', async () => {
    const { ui, user } = setup(async () => ({ order_no: 'L1', status: 'rejected' }));
    await user.type(screen.getByLabelText('Bank reference'), 'no such transfer');
    await user.click(screen.getByRole('button', { name: 'Ask to disburse L1' }));
    expect(ui.toast).toHaveBeenCalledWith('Done.', 'success');
  });

  it('keeps what was typed when the server refuses', async () => {
    const { ui, user } = setup(() => Promise.reject(new Error('refused')));
    await user.type(screen.getByLabelText('Bank reference'), 'ICBC-2');
    await user.click(screen.getByRole('button', { name: 'Ask to disburse L1' }));
    expect(screen.getByLabelText('Bank reference')).toHaveValue('ICBC-2');
    expect(ui.toast).not.toHaveBeenCalled();
  });
});
