import { act, render, screen } from '@testing-library/react';
import { HostContext, type Host } from '@instalment/host-sdk/host';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { OfflineNotice } from './OfflineNotice';
import { REACHABILITY_MESSAGE } from './reachability';

const host = { locale: new LocaleStore(null, ['zh-CN']) } as unknown as Host;

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

test('says so, in the reader’s language, while the device is offline, and goes away when it is back', () => {
  render(
    <HostContext.Provider value={host}>
      <OfflineNotice />
    </HostContext.Provider>,
  );
  expect(screen.queryByRole('status')).toBeNull();
  act(() => goOffline(true));
  expect(screen.getByRole('status')).toHaveTextContent('当前处于离线状态');
  act(() => goOffline(false));
  expect(screen.queryByRole('status')).toBeNull();
});

test('says so while the servers do not answer and the worker answers from the device, though the link is up', () => {
  const worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  const told = (reachable: boolean) =>
    worker.dispatchEvent(new MessageEvent('message', { data: { type: REACHABILITY_MESSAGE, reachable } }));
  try {
    render(
      <HostContext.Provider value={host}>
        <OfflineNotice />
      </HostContext.Provider>,
    );
    act(() => goOffline(false));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => told(false));
    expect(screen.getByRole('status')).toHaveTextContent('当前处于离线状态');
    act(() => told(true));
    expect(screen.queryByRole('status')).toBeNull();
  } finally {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  }
});
