import { parseConfig } from './config';

const FOUR = {
  mf_account: 'http://127.0.0.1:3001/mf-manifest.json',
  mf_loan: 'http://127.0.0.1:3002/mf-manifest.json',
  mf_payment: 'http://127.0.0.1:3003/mf-manifest.json',
  mf_news: 'http://127.0.0.1:3004/mf-manifest.json',
};

describe('a host’s config.json', () => {
  it('takes a remote beyond the repository’s four, which a team adds by one line', () => {
    const config = parseConfig({
      apiBaseURL: 'http://127.0.0.1:3100/',
      remotes: { ...FOUR, mf_help: 'http://127.0.0.1:3105/mf-manifest.json' },
    });
    expect(config.apiBaseURL).toBe('http://127.0.0.1:3100');
    expect(Object.keys(config.remotes)).toEqual(['mf_account', 'mf_loan', 'mf_payment', 'mf_news', 'mf_help']);
  });

  it('still needs the four remotes that draw the app’s own pages', () => {
    const { mf_news: _gone, ...three } = FOUR;
    expect(() => parseConfig({ apiBaseURL: 'http://api', remotes: three })).toThrow('config.json names no URL for remote mf_news');
  });

  it('refuses a remote without a URL or with a name the federation runtime cannot take', () => {
    expect(() => parseConfig({ apiBaseURL: 'http://api', remotes: { ...FOUR, mf_help: 3105 } })).toThrow(
      "config.json's remote mf_help is not a URL nor a canary beside its stable",
    );
    expect(() => parseConfig({ apiBaseURL: 'http://api', remotes: { ...FOUR, 'mf-help': 'http://x/mf-manifest.json' } })).toThrow(
      "config.json's remote mf-help is not a name the federation runtime takes",
    );
  });

  const CANARY = {
    stable: 'http://127.0.0.1:3004/releases/1.4.0/mf-manifest.json',
    canary: 'http://127.0.0.1:3004/releases/1.5.0/mf-manifest.json',
    percent: 10,
  };
  const withNews = (mf_news: unknown) => parseConfig({ apiBaseURL: 'http://api', remotes: { ...FOUR, mf_news } });

  it('takes a remote as a canary beside its stable, from 0 to 100 percent of devices', () => {
    expect(withNews(CANARY).remotes.mf_news).toEqual(CANARY);
    expect(withNews({ ...CANARY, percent: 0 }).remotes.mf_news).toMatchObject({ percent: 0 });
    expect(withNews({ ...CANARY, percent: 100 }).remotes.mf_news).toMatchObject({ percent: 100 });
  });

  it('refuses a canary without both URLs, with a percent beyond 0 to 100 or not whole, or with a field it does not know', () => {
    const { canary: _none, ...stableOnly } = CANARY;
    expect(() => withNews(stableOnly)).toThrow("config.json's remote mf_news needs the URLs of its stable and of its canary");
    expect(() => withNews({ ...CANARY, stable: '' })).toThrow('needs the URLs of its stable and of its canary');
    for (const percent of [-1, 101, 12.5, '10', undefined]) {
      expect(() => withNews({ ...CANARY, percent })).toThrow(
        "config.json's remote mf_news has a canary percent that is not a whole number from 0 to 100",
      );
    }
    expect(() => withNews({ ...CANARY, share: 10 })).toThrow(
      "config.json's remote mf_news names share: a canary names stable, canary and percent only",
    );
    expect(() => withNews(null)).toThrow("config.json's remote mf_news is not a URL nor a canary beside its stable");
  });

  it('has every device report unless it names the share that does, from 0 to 1', () => {
    expect(parseConfig({ apiBaseURL: 'http://api', remotes: FOUR }).telemetrySample).toBe(1);
    expect(parseConfig({ apiBaseURL: 'http://api', remotes: FOUR, telemetrySample: 0.25 }).telemetrySample).toBe(0.25);
    expect(parseConfig({ apiBaseURL: 'http://api', remotes: FOUR, telemetrySample: 0 }).telemetrySample).toBe(0);
    for (const telemetrySample of [1.5, -0.1, '0.5', Number.NaN, null]) {
      expect(() => parseConfig({ apiBaseURL: 'http://api', remotes: FOUR, telemetrySample })).toThrow(
        "config.json's telemetrySample is not a share from 0 to 1",
      );
    }
  });
});
