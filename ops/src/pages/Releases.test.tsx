import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN_ENDPOINTS, adminPath, type ReleasesView } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { HostContext } from '@instalment/host-sdk/host';
import { consoleScreen } from '@instalment/ui/console';
import { createConsoleHost } from '../host/createConsoleHost';
import { Releases } from './Releases';

const origin = 'https://news.example.test';
const manifest = (release: string) => `${origin}/releases/${release}/mf-manifest.json`;

/** mf_news with a canary at 10 % that throws; mf_loan, whose canary the API stopped by itself. */
const VIEW: ReleasesView = {
  remotes: [
    {
      remote: 'mf_news',
      stable: { release: '1.4.0', url: manifest('1.4.0'), since: '2026-11-25T02:00:00.000Z' },
      canary: { release: '1.5.0', url: manifest('1.5.0'), percent: 10, since: '2026-11-26T01:30:00.000Z' },
      figures: [
        {
          release: '1.4.0',
          views: 11_250,
          errors: 9,
          errors_per_1000: 0.8,
          lcp_p75_ms: 1_240,
          inp_p75_ms: 96,
          fallbacks: 0,
          top_errors: [],
        },
        {
          release: '1.5.0',
          views: 1_250,
          errors: 16,
          errors_per_1000: 12.8,
          lcp_p75_ms: 980,
          inp_p75_ms: 180,
          fallbacks: 3,
          top_errors: [
            {
              message: "TypeError: Cannot read properties of undefined (reading 'title')",
              kind: 'render',
              count: 14,
              source: 'src/pages/NewsList.tsx:42:7',
              last_at: '2026-11-26T01:55:00.000Z',
            },
          ],
        },
      ],
      history: [
        {
          id: 7,
          remote: 'mf_news',
          action: 'canary',
          from: manifest('1.4.0'),
          to: { stable: manifest('1.4.0'), canary: manifest('1.5.0'), percent: 10 },
          by: 'cli:lin',
          reason: null,
          at: '2026-11-26T01:30:00.000Z',
        },
      ],
      published: ['1.5.0', '1.4.0', '1.3.2'],
    },
    {
      remote: 'mf_loan',
      stable: { release: '2.0.0', url: 'https://loan.example.test/releases/2.0.0/mf-manifest.json', since: '2026-11-20T08:00:00.000Z' },
      canary: null,
      figures: [],
      history: [
        {
          id: 6,
          remote: 'mf_loan',
          action: 'abort',
          from: {
            stable: 'https://loan.example.test/releases/2.0.0/mf-manifest.json',
            canary: 'https://loan.example.test/releases/2.1.0/mf-manifest.json',
            percent: 20,
          },
          to: 'https://loan.example.test/releases/2.0.0/mf-manifest.json',
          by: 'system',
          reason: 'canary 31.0 errors per 1,000 views over 200 views; stable 1.5',
          at: '2026-11-26T00:10:00.000Z',
        },
      ],
      published: ['2.1.0', '2.0.0'],
    },
  ],
};

const Screen = consoleScreen(Releases);

/** The console's own host, the screen drawn from VIEW; its HTTP client answers as the API would. */
async function shown(locale: 'en' | 'zh-CN' = 'en', readOnly = false) {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createConsoleHost('http://api.test', ui, jest.fn());
  host.locale.set(locale);
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(VIEW);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue(VIEW);
  render(
    <HostContext.Provider value={host}>
      <Screen
        query={{}}
        operator={{ username: 'rel.lin', roles: readOnly ? ['auditor'] : ['release'], business_timezone: 'Asia/Shanghai' }}
        readOnly={readOnly}
      />
    </HostContext.Provider>,
  );
  await act(async () => {});
  return { ui, get, post };
}

const remote = (name: string) => screen.getByRole('region', { name });
const rowOf = (scope: HTMLElement, caption: string, text: RegExp) =>
  within(within(scope).getByRole('table', { name: caption })).getByRole('row', { name: text });

test('each live release reads its share, since when and its last hour: views, errors per 1,000 views, LCP and INP p75, devices fallen back', async () => {
  const { get } = await shown();
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.releases, undefined, undefined);
  const news = remote('mf_news');
  const live = 'mf_news: live releases and their last hour';
  const cells = (release: RegExp) =>
    within(rowOf(news, live, release))
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.replace(/\u00a0/g, ' '));
  expect(cells(/^1\.4\.0/).slice(0, 7)).toEqual(['1.4.0Stable', '2026-11-25 10:00', '11,250', '0.8', '1.2 s', '96 ms', '0']);
  expect(cells(/^1\.5\.0/).slice(0, 7)).toEqual(['1.5.0Canary · 10 %', '2026-11-26 09:30', '1,250', '12.8', '980 ms', '180 ms', '3']);
  expect(within(news).getByRole('columnheader', { name: 'Since (Asia/Shanghai)' })).toBeInTheDocument();
});

test('a top error names its release, kind, count and the original file and line it was thrown at', async () => {
  await shown();
  const error = rowOf(remote('mf_news'), 'mf_news: top errors in the last hour', /TypeError/);
  expect(within(error).getByRole('cell', { name: 'Page failed to draw' })).toBeInTheDocument();
  expect(within(error).getByRole('cell', { name: '14' })).toBeInTheDocument();
  // The path may break after each `/` to fit the desk; it reads whole.
  expect(within(error).getByText('src/pages/NewsList.tsx:42:7')).toBeInTheDocument();
  expect(error).toHaveTextContent('1.5.0');
});

test('an automatic abort says why, above the remote and in its history; a remote without reports says so', async () => {
  await shown();
  const loan = remote('mf_loan');
  expect(within(loan).getByText(/^The canary 2\.1\.0 was stopped automatically/)).toHaveTextContent(
    'The canary 2.1.0 was stopped automatically at 2026-11-26 08:10 (Asia/Shanghai): canary 31.0 errors per 1,000 views over 200 views; stable 1.5',
  );
  const abort = rowOf(loan, 'mf_loan: changes, newest first', /automatic/);
  expect(abort).toHaveTextContent('Canary stopped automatically');
  expect(abort).toHaveTextContent('Why: canary 31.0 errors per 1,000 views over 200 views; stable 1.5');
  expect(abort).toHaveTextContent('2.0.0 + canary 2.1.0 on 20 % → 2.0.0');
  expect(within(loan).getByText('No reports from browsers in the last hour.')).toBeInTheDocument();
  expect(
    within(rowOf(remote('mf_news'), 'mf_news: changes, newest first', /lin/)).getByRole('cell', { name: 'lin (command line)' }),
  ).toBeInTheDocument();
  expect(screen.getByText(/^A canary stops by itself when, over at least 200 of its latest views/)).toHaveTextContent(
    'more than 2 times its stable’s and at least 10 more per 1,000 views.',
  );
});

test('in Chinese: the figures, the abort as automatic, the actions', async () => {
  await shown('zh-CN');
  const news = remote('mf_news');
  expect(rowOf(news, 'mf_news：当前版本及最近一小时', /^1\.5\.0/)).toHaveTextContent('灰度 · 10%');
  expect(rowOf(news, 'mf_news：当前版本及最近一小时', /^1\.4\.0/)).toHaveTextContent('1.2 秒');
  expect(within(news).getByRole('button', { name: '灰度转全量' })).toBeInTheDocument();
  const abort = rowOf(remote('mf_loan'), 'mf_loan：变更记录（最新在前）', /自动/);
  expect(within(abort).getByRole('cell', { name: '自动' })).toBeInTheDocument();
  expect(abort).toHaveTextContent('灰度自动中止');
});

test('the auditor reads every remote and is offered no action', async () => {
  await shown('en', true);
  expect(remote('mf_news')).toHaveTextContent('src/pages/NewsList.tsx:42:7');
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
});

test('promoting the canary asks first, then posts the promotion for its remote', async () => {
  const { ui, post } = await shown();
  await act(async () => {
    fireEvent.click(within(remote('mf_news')).getByRole('button', { name: 'Promote canary' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Promote the canary 1.5.0 of mf_news to every device? 1.4.0 is then loaded by none.');
  expect(post).toHaveBeenCalledWith(
    adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_news' }),
    { action: 'promote' },
    { toast: false },
  );
});

test('rolling back without a canary asks first; declined, nothing is sent', async () => {
  const { ui, post } = await shown();
  ui.confirm.mockResolvedValueOnce(false);
  await act(async () => {
    fireEvent.click(within(remote('mf_loan')).getByRole('button', { name: 'Roll back' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Roll mf_loan back from 2.0.0 to the release before it, on every device?');
  expect(post).not.toHaveBeenCalled();
});

test('a canary release posts the release and its share; refused, it says why and the form keeps what was chosen', async () => {
  const { ui, post } = await shown();
  post.mockRejectedValueOnce(new ApiError('The manifest of 1.3.2 does not answer.', 400));
  const form = screen.getByRole('form', { name: 'New release of mf_news' });
  fireEvent.change(within(form).getByRole('combobox', { name: 'Published release' }), { target: { value: '1.3.2' } });
  fireEvent.change(within(form).getByRole('spinbutton', { name: /Canary share/ }), { target: { value: '25' } });
  await act(async () => {
    fireEvent.submit(form);
  });
  expect(ui.confirm).toHaveBeenCalledWith('Release 1.3.2 of mf_news as a canary to 25 % of devices? The others stay on 1.4.0.');
  expect(post).toHaveBeenCalledWith(
    adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_news' }),
    { action: 'release', release: '1.3.2', percent: 25 },
    { toast: false },
  );
  expect(within(remote('mf_news')).getByRole('alert')).toHaveTextContent('The manifest of 1.3.2 does not answer.');
  expect(within(form).getByRole('combobox', { name: 'Published release' })).toHaveValue('1.3.2');
  expect(within(form).getByRole('spinbutton', { name: /Canary share/ })).toHaveValue(25);
});

test('a release to every device sends no share; done, the picker is empty again', async () => {
  const { post, ui } = await shown();
  const form = screen.getByRole('form', { name: 'New release of mf_loan' });
  const picker = within(form).getByRole('combobox', { name: 'Published release' });
  fireEvent.change(picker, { target: { value: '2.0.0' } });
  await act(async () => {
    fireEvent.submit(form);
  });
  expect(post).toHaveBeenCalledWith(
    adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_loan' }),
    { action: 'release', release: '2.0.0' },
    { toast: false },
  );
  expect(ui.toast).toHaveBeenCalledWith('Done.', 'success');
  expect(picker).toHaveValue('');
  expect(within(form).getByRole('button', { name: 'Release' })).toBeDisabled();
});

test('after an abort the picker starts on no release, not the aborted canary; Release waits for a choice', async () => {
  await shown();
  const form = screen.getByRole('form', { name: 'New release of mf_loan' });
  const picker = within(form).getByRole('combobox', { name: 'Published release' });
  const release = within(form).getByRole('button', { name: 'Release' });
  expect(picker).toHaveValue('');
  expect(within(picker).getByRole('option', { selected: true })).toHaveTextContent('Choose a release');
  expect(release).toBeDisabled();
  fireEvent.change(picker, { target: { value: '2.1.0' } });
  expect(release).toBeEnabled();
});
