import { screen } from '@testing-library/react';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { Acts, consoleScreen } from './acts';
import { NoteAction } from './DataTable';
import type { ConsolePageProps } from './props';
import { SettingForm } from './SettingForm';

/** A screen with the kit's actions and one of its own. */
const Screen = consoleScreen((_props: ConsolePageProps) => (
  <>
    <NoteAction label="Reason" action="Reject #3" run={async () => null} />
    <SettingForm setting="bank_info" label="Receiving account" value={() => null}>
      <input aria-label="Account number" defaultValue="6222 0000" />
    </SettingForm>
    <Acts>
      <button type="button">Publish #4</button>
    </Acts>
  </>
));

function shown(readOnly?: boolean) {
  const { host } = createTestHost();
  renderWithHost(
    host,
    <Screen query={{}} operator={{ username: 'ann', roles: ['auditor'], business_timezone: 'Asia/Shanghai' }} readOnly={readOnly} />,
  );
}

test('an operator who may only read a screen reads its settings with no action to take', () => {
  shown(true);
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByLabelText('Reason')).toBeNull();
  expect(screen.getByLabelText('Account number')).toHaveValue('6222 0000');
  expect(screen.getByLabelText('Account number')).toBeDisabled();
});

test('an operator who acts on the screen (or an older host that does not say) is offered every action', () => {
  shown(undefined);
  expect(screen.getByRole('button', { name: 'Reject #3' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ask to change' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Publish #4' })).toBeInTheDocument();
  expect(screen.getByLabelText('Account number')).toBeEnabled();
});
