import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserIndex } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { loginUserinfo } from '@instalment/testing/fixtures';
import EditProfile from './EditProfile';

let t: ReturnType<typeof createTestHost>;

beforeEach(() => {
  window.localStorage.clear();
  t = createTestHost();
  t.host.session.setLogin(loginUserinfo());
});

const input = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'save' });

test('saves nickname, bio and e-mail; the session (and so "mine") shows them at once', async () => {
  const user = userEvent.setup();
  const stored = t.host.session.userInfo!;
  const saved: UserIndex = {
    welcome: 'Han Meimei',
    id: stored.id,
    username: stored.username,
    nickname: 'Han Meimei',
    mobile: stored.phone,
    email: 'hmm@example.com',
    avatar: stored.avatar,
    money: stored.money,
    score: stored.score,
    level: stored.level,
    bio: 'Likes tea.',
    sms_reminders: true,
  };
  t.api.user.updateProfile.mockResolvedValue(saved);
  renderPage(EditProfile, t.host);
  await user.clear(input('nickname'));
  await user.type(input('nickname'), 'Han Meimei');
  await user.type(input('bio'), 'Likes tea.');
  await user.type(input('e-mail'), 'hmm@example.com');
  await user.click(save());
  expect(t.api.user.updateProfile).toHaveBeenCalledWith(
    { nickname: 'Han Meimei', bio: 'Likes tea.', email: 'hmm@example.com', avatar: stored.avatar },
    { toast: false },
  );
  expect(t.host.session.userInfo).toMatchObject({ nickname: 'Han Meimei', bio: 'Likes tea.', email: 'hmm@example.com' });
  expect(t.ui.toast).toHaveBeenCalledWith('Your profile has been saved.', 'success');
});

test('bad input is refused beside its field, in the user’s words, and the form keeps it', async () => {
  const user = userEvent.setup();
  renderPage(EditProfile, t.host);
  await user.clear(input('nickname'));
  await user.type(input('e-mail'), 'nope');
  await user.click(save());
  expect(t.api.user.updateProfile).not.toHaveBeenCalled();
  expect(input('nickname')).toHaveAccessibleDescription('Enter a nickname.');
  expect(input('e-mail')).toHaveAccessibleDescription(/Enter a valid e-mail/);
  expect(input('e-mail')).toHaveValue('nope');
});

test('a server refusal is shown once under the form', async () => {
  const user = userEvent.setup();
  t.api.user.updateProfile.mockRejectedValue(new ApiError('Choose an avatar picture you uploaded.', 0));
  renderPage(EditProfile, t.host);
  await user.click(save());
  expect(await screen.findByText('Choose an avatar picture you uploaded.')).toHaveAttribute('role', 'alert');
  expect(t.ui.toast).not.toHaveBeenCalled();
});
