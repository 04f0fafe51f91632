import { loadConfig } from './config';

const CONFIG = { apiBaseURL: 'http://127.0.0.1:3100/', remotes: { mf_account: 'a', mf_loan: 'l', mf_payment: 'p', mf_news: 'n' } };
const answer = () => ({ ok: true, status: 200, json: async () => CONFIG }) as unknown as Response;

afterEach(() => {
  delete window.__instalmentEarly;
});

test('the inline script’s answer is used, with no second request', async () => {
  window.fetch = jest.fn();
  window.__instalmentEarly = { 'config.json': Promise.resolve(answer()) };
  await expect(loadConfig()).resolves.toEqual({ ...CONFIG, apiBaseURL: 'http://127.0.0.1:3100', telemetrySample: 1 });
  expect(window.fetch).not.toHaveBeenCalled();
});

test('when the inline script’s request failed, config.json is asked for again', async () => {
  window.fetch = jest.fn().mockResolvedValue(answer());
  window.__instalmentEarly = { 'config.json': Promise.reject(new TypeError('Failed to fetch')) };
  await expect(loadConfig()).resolves.toMatchObject({ remotes: CONFIG.remotes });
  expect(window.fetch).toHaveBeenCalledTimes(1);
});

test('without the inline script, a failed request is the answer: asked once', async () => {
  window.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  await expect(loadConfig()).rejects.toThrow('Failed to fetch');
  expect(window.fetch).toHaveBeenCalledTimes(1);
});
