import type * as facade from './facade';
import type { HttpClient } from './transport';

// A borrower page's chunk carries what its facade imports: the console's calls and paths stay
// with the operator screens, so none of their modules may load with the borrower's facade.
const CONSOLE_MODULES = ['./admin', './console', './console-facade', './operator-accounts', './reconciliation', './releases', './reports'];

describe('the borrower’s facade', () => {
  beforeEach(() => {
    jest.resetModules();
    for (const name of CONSOLE_MODULES) {
      jest.doMock(name, () => {
        throw new Error(`${name} loaded with the borrower's facade`);
      });
    }
  });

  afterEach(() => {
    for (const name of CONSOLE_MODULES) jest.dontMock(name);
  });

  it('loads none of the console’s modules', () => {
    expect(() => jest.requireActual<typeof facade>('./facade')).not.toThrow();
  });

  it('binds each call to the client it is given', async () => {
    const { createApi } = jest.requireActual<typeof facade>('./facade');
    const get = jest.fn().mockResolvedValue({ list: [] });
    const api = createApi({ get } as unknown as HttpClient);
    await api.news.newsIndex();
    expect(get).toHaveBeenCalledWith('/api/news/index', { page: 1, limit: expect.any(Number) }, undefined);
  });
});
