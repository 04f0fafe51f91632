import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HostContext, type Host } from '@instalment/host-sdk/host';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { RemoteView } from './RemoteView';
import { LOAD_TIMEOUT_MS, LOADING_DELAY_MS } from './timing';

const host = { locale: new LocaleStore(null, ['en']) } as unknown as Host;
const Page = ({ query }: { query: Record<string, string> }) => <p>page for {query.id}</p>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderView(load: () => Promise<{ default: typeof Page }>) {
  return render(
    <HostContext.Provider value={host}>
      <RemoteView id="mf_test/Page" load={load} props={{ query: { id: '7' } }} />
    </HostContext.Provider>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('shows nothing for the first 200 ms, then the loading view', async () => {
  const pending = deferred<{ default: typeof Page }>();
  renderView(() => pending.promise);
  act(() => jest.advanceTimersByTime(LOADING_DELAY_MS - 1));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('status')).toHaveTextContent('loading...');
});

test("a host's placeholder stands in the page's place from the start, and stays there once the load is announced", async () => {
  const pending = deferred<{ default: typeof Page }>();
  render(
    <HostContext.Provider value={host}>
      <RemoteView id="mf_test/Page" load={() => pending.promise} props={{ query: { id: '7' } }} placeholder={<p>shape</p>} />
    </HostContext.Provider>,
  );
  expect(screen.getByText('shape')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(LOADING_DELAY_MS));
  expect(screen.getByRole('status')).toHaveTextContent('loading...');
  expect(screen.getByRole('status')).toContainElement(screen.getByText('shape'));
  await act(async () => pending.resolve({ default: Page }));
  expect(screen.queryByText('shape')).not.toBeInTheDocument();
  expect(screen.getByText('page for 7')).toBeInTheDocument();
});

test('a page that arrives within 200 ms never flashes the loading view', async () => {
  const pending = deferred<{ default: typeof Page }>();
  renderView(() => pending.promise);
  act(() => jest.advanceTimersByTime(150));
  await act(async () => pending.resolve({ default: Page }));
  expect(screen.getByText('page for 7')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(LOADING_DELAY_MS));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('at 60 s the load has failed: the error view offers a retry that loads again', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const first = deferred<{ default: typeof Page }>();
  const load = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce({ default: Page });
  renderView(load);
  act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
  await user.click(screen.getByRole('button', { name: 'retry' }));
  expect(load).toHaveBeenCalledTimes(2);
  expect(await screen.findByText('page for 7')).toBeInTheDocument();
});

test('a load error shows the error view at once, not after 60 s', async () => {
  renderView(() => Promise.reject(new Error('remote down')));
  await act(async () => {});
  expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
});

test('a page that throws while rendering is caught: the rest of the app stays', async () => {
  const Broken = () => {
    throw new Error('broken remote');
  };
  jest.spyOn(console, 'error').mockImplementation(() => {});
  renderView(() => Promise.resolve({ default: Broken as unknown as typeof Page }));
  await act(async () => {});
  expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
});

test('a module that has already loaded and run is drawn in the first render, with no placeholder before it', () => {
  const load = jest.fn(() => Promise.resolve({ default: Page }));
  render(
    <HostContext.Provider value={host}>
      <RemoteView
        id="mf_test/Page"
        load={load}
        loaded={() => ({ default: Page })}
        props={{ query: { id: '7' } }}
        placeholder={<p>shape</p>}
      />
    </HostContext.Provider>,
  );
  // No act() flush: what the very first commit shows.
  expect(screen.getByText('page for 7')).toBeInTheDocument();
  expect(screen.queryByText('shape')).not.toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

test('switching to another module that has already run draws it at once; one that has not waits for its load', async () => {
  const Other = () => <p>other page</p>;
  const pending = deferred<{ default: typeof Page }>();
  const view = (id: string) => (
    <HostContext.Provider value={host}>
      <RemoteView
        id={id}
        load={() => pending.promise}
        loaded={() => (id === 'mf_test/Other' ? { default: Other } : undefined)}
        props={{ query: { id: '7' } }}
        placeholder={<p>shape</p>}
      />
    </HostContext.Provider>
  );
  const { rerender } = render(view('mf_test/Page'));
  expect(screen.getByText('shape')).toBeInTheDocument();
  rerender(view('mf_test/Other'));
  expect(screen.getByText('other page')).toBeInTheDocument();
  rerender(view('mf_test/Third'));
  expect(screen.getByText('shape')).toBeInTheDocument();
  expect(screen.queryByText('other page')).not.toBeInTheDocument();
  await act(async () => pending.resolve({ default: Page }));
  expect(screen.getByText('page for 7')).toBeInTheDocument();
});
