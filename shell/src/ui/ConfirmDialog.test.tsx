import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HostContext, type Host } from '@instalment/host-sdk/host';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { Overlays } from './Overlays';
import { UiStore } from './UiStore';

const host = { locale: new LocaleStore(null, ['en']) } as unknown as Host;

function setup() {
  const ui = new UiStore(() => 'loading');
  render(
    <HostContext.Provider value={host}>
      <button type="button">log out</button>
      <Overlays ui={ui} />
    </HostContext.Provider>,
  );
  return ui;
}

test('Escape closes the dialog with "no" and focus returns to what opened it', async () => {
  const user = userEvent.setup();
  const ui = setup();
  const opener = screen.getByRole('button', { name: 'log out' });
  opener.focus();
  let answer: Promise<boolean> = Promise.resolve(true);
  act(() => {
    answer = ui.confirm('Log out of this device?');
  });
  expect(screen.getByRole('alertdialog')).toHaveAccessibleName('Log out of this device?');
  await user.keyboard('{Escape}');
  await expect(answer).resolves.toBe(false);
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('Tab and Shift+Tab stay inside the dialog', async () => {
  const user = userEvent.setup();
  const ui = setup();
  act(() => {
    void ui.confirm('Log out of this device?');
  });
  const confirm = screen.getByRole('button', { name: 'confirm' });
  const cancel = screen.getByRole('button', { name: 'cancel' });
  expect(confirm).toHaveFocus();
  await user.tab();
  expect(cancel).toHaveFocus();
  await user.tab({ shift: true });
  expect(confirm).toHaveFocus();
  await user.tab({ shift: true });
  expect(cancel).toHaveFocus();
});
