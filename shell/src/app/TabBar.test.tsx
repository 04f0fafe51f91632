import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HostContext, type Host } from '@instalment/host-sdk/host';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { TabBar } from './TabBar';

const host = { locale: new LocaleStore(null, ['en']) } as unknown as Host;

function renderBar() {
  const onSelect = jest.fn();
  const onTapCurrent = jest.fn();
  const onPrepare = jest.fn();
  render(
    <HostContext.Provider value={host}>
      <TabBar current="repay" onSelect={onSelect} onTapCurrent={onTapCurrent} onPrepare={onPrepare} />
    </HostContext.Provider>,
  );
  return { onSelect, onTapCurrent, onPrepare };
}

test('three tabs, the current one marked', () => {
  renderBar();
  const tabs = screen.getAllByRole('button');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['home', 'my repayments', 'mine']);
  expect(screen.getByRole('button', { name: 'my repayments' })).toHaveAttribute('aria-current', 'page');
});

test('tapping the current tab is a tab tap, not a switch', async () => {
  const { onSelect, onTapCurrent } = renderBar();
  await userEvent.click(screen.getByRole('button', { name: 'my repayments' }));
  expect(onTapCurrent).toHaveBeenCalledTimes(1);
  expect(onSelect).not.toHaveBeenCalled();
});

test('tapping another tab switches to it, its page prepared from the pointer-down on', async () => {
  const { onSelect, onTapCurrent, onPrepare } = renderBar();
  await userEvent.click(screen.getByRole('button', { name: 'mine' }));
  expect(onPrepare).toHaveBeenCalledWith('/pages/profile/profile');
  expect(onSelect).toHaveBeenCalledWith('/pages/profile/profile');
  expect(onTapCurrent).not.toHaveBeenCalled();
});

test('the current tab has nothing to prepare', async () => {
  const { onPrepare } = renderBar();
  await userEvent.click(screen.getByRole('button', { name: 'my repayments' }));
  expect(onPrepare).not.toHaveBeenCalled();
});

test('the tab bar is named in the chosen language', () => {
  const chinese = { locale: new LocaleStore(null, ['zh-CN']) } as unknown as Host;
  render(
    <HostContext.Provider value={chinese}>
      <TabBar current="home" onSelect={jest.fn()} onTapCurrent={jest.fn()} onPrepare={jest.fn()} />
    </HostContext.Provider>,
  );
  expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
});
