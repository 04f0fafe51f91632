import { act, fireEvent, render, screen } from '@testing-library/react';
import { HashRouter } from 'react-router-dom';
import { ADMIN_ENDPOINTS, type EnrolmentBegun } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { Enrol } from './Enrol';
import { createConsoleHost } from '../host/createConsoleHost';

const BEGUN: EnrolmentBegun = {
  username: 'bob.finance',
  totp_secret: 'JBSWY3DPEHPK3PXP',
  otpauth: 'otpauth://totp/Instalment%20operations:bob.finance?secret=JBSWY3DPEHPK3PXP',
  password_kept: false,
  expires_at: '2026-11-27T01:00:00.000Z',
};

async function opened(begun: EnrolmentBegun = BEGUN) {
  window.location.hash = '#/enrol?code=the-code';
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createConsoleHost('http://api.test', ui, jest.fn());
  host.locale.set('en');
  const post = jest
    .spyOn(host.http, 'post')
    .mockImplementation(async (path: string) => (path === ADMIN_ENDPOINTS.enrolment ? begun : null));
  render(
    <HostContext.Provider value={host}>
      <HashRouter>
        <Enrol />
      </HashRouter>
    </HostContext.Provider>,
  );
  await act(async () => {});
  return post;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('the link’s code shows the operator their new secret once, as text and QR code; their own password and a code finish it', async () => {
  const post = await opened();
  expect(post).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledWith(ADMIN_ENDPOINTS.enrolment, { code: 'the-code' }, { toast: false });
  expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
  expect(await screen.findByRole('img', { name: 'QR code of the authenticator secret for bob.finance' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/svg\+xml/),
  );
  fill('New password', 'short');
  fill('New password again', 'short');
  fill('Authenticator code', '123456');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Finish enrolment' }));
  });
  expect(screen.getByRole('alert')).toHaveTextContent('Use 6-20 letters');
  fill('New password', 'Mine2026');
  fill('New password again', 'Mine2026');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Finish enrolment' }));
  });
  expect(post).toHaveBeenLastCalledWith(
    ADMIN_ENDPOINTS.enrol,
    { code: 'the-code', password: 'Mine2026', totp: '123456' },
    { toast: false },
  );
  expect(screen.getByRole('status')).toHaveTextContent('You are enrolled.');
});

test('after a TOTP reset the operator confirms the password they keep', async () => {
  await opened({ ...BEGUN, password_kept: true });
  expect(screen.getByLabelText('Your password (it stays the same)')).toBeInTheDocument();
  expect(screen.queryByLabelText('New password again')).toBeNull();
});
