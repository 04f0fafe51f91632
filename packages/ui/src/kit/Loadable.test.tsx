import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { Loadable, useLoad } from '@instalment/ui/kit';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function Page({ load, failure }: { load: () => Promise<string | null>; failure?: (error: Error) => string | null }) {
  const loaded = useLoad(load, [load]);
  return (
    <>
      <button onClick={() => void loaded.reload()}>refresh</button>
      <Loadable loaded={loaded} failure={failure && ((error) => failure(error))} empty={<p>nothing here</p>}>
        {(text) => <p>{text}</p>}
      </Loadable>
    </>
  );
}

test('loading, then a failure with a retry that loads the content', async () => {
  const first = deferred<string | null>();
  const second = deferred<string | null>();
  const load = jest.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
  renderWithHost(createTestHost().host, <Page load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('loading');
  await act(async () => first.reject(new Error('Network is down')));
  expect(screen.getByRole('alert')).toHaveTextContent('Network is down');
  await userEvent.click(screen.getByRole('button', { name: 'retry' }));
  await act(async () => second.resolve('the article'));
  expect(screen.getByText('the article')).toBeInTheDocument();
});

test('content already shown stays when a refresh fails', async () => {
  const load = jest.fn().mockResolvedValueOnce('the article').mockRejectedValueOnce(new Error('Network is down'));
  renderWithHost(createTestHost().host, <Page load={load} />);
  expect(await screen.findByText('the article')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'refresh' }));
  expect(screen.getByText('the article')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'retry' })).toBeNull();
});

test('nothing loaded shows the empty state; a page may draw its own failure, or fall back to the generic one', async () => {
  const { unmount } = renderWithHost(createTestHost().host, <Page load={() => Promise.resolve(null)} />);
  expect(await screen.findByText('nothing here')).toBeInTheDocument();
  unmount();
  const refused = () => Promise.reject(new Error('No such loan'));
  const { unmount: again } = renderWithHost(
    createTestHost().host,
    <Page load={refused} failure={(error) => `refused: ${error.message}`} />,
  );
  expect(await screen.findByText('refused: No such loan')).toBeInTheDocument();
  again();
  renderWithHost(createTestHost().host, <Page load={refused} failure={() => null} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('No such loan');
});

test('a page may draw its own placeholder during the first load, and the content replaces it', async () => {
  const answer = deferred<string | null>();
  function Shaped() {
    const loaded = useLoad(() => answer.promise, []);
    return (
      <Loadable loaded={loaded} loading={<div role="status" aria-label="offer on its way" />}>
        {(text) => <p>{text}</p>}
      </Loadable>
    );
  }
  renderWithHost(createTestHost().host, <Shaped />);
  expect(screen.getByRole('status', { name: 'offer on its way' })).toBeInTheDocument();
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  await act(async () => answer.resolve('the offer'));
  expect(screen.getByText('the offer')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
