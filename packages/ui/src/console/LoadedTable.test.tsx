import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { useLoad } from '@instalment/ui/kit';
import { LoadedTable } from './DataTable';

function Proofs({ load }: { load: () => Promise<string[]> }) {
  const loaded = useLoad(load, [load]);
  return (
    <LoadedTable
      loaded={loaded}
      caption="Proofs"
      empty="No transfer proof is waiting."
      rows={(data) => data}
      rowKey={(row) => row}
      columns={[{ header: 'Order', cell: (row) => row }]}
    />
  );
}

const show = (load: () => Promise<string[]>) => renderWithHost(createTestHost().host, <Proofs load={load} />);

describe('LoadedTable', () => {
  it('says it is loading, not that there is nothing, until the answer comes', async () => {
    let answer: (rows: string[]) => void = () => undefined;
    show(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveTextContent('loading...');
    expect(screen.queryByText('No transfer proof is waiting.')).not.toBeInTheDocument();
    answer(['L1']);
    expect(await screen.findByRole('table', { name: 'Proofs' })).toHaveTextContent('L1');
  });

  it('says what is missing only for a list that came back empty', async () => {
    show(async () => []);
    expect(await screen.findByText('No transfer proof is waiting.')).toBeInTheDocument();
  });

  it('shows a failed load with a retry that loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('The server could not be reached.')).mockResolvedValueOnce(['L2']);
    show(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('table', { name: 'Proofs' })).toHaveTextContent('L2');
  });
});
