import { act, render, screen } from '@testing-library/react';
import { HostContext, type Host } from '@instalment/shared/host';
import { LocaleStore } from '@instalment/shared/i18n';
import { OfflineNotice } from './OfflineNotice';

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
