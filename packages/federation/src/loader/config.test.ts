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
      /mf_help is not a name with a URL/,
    );
    expect(() => parseConfig({ apiBaseURL: 'http://api', remotes: { ...FOUR, 'mf-help': 'http://x/mf-manifest.json' } })).toThrow(
      /mf-help is not a name with a URL/,
    );
  });
});
