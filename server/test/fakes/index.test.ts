import { startServer, type TestServer } from '../helpers';
import { throughFake, withFakes, type AlipayFake } from '.';

/** What every test file that talks to the loopback fakes relies on from `withFakes`. */
describe('read while the file is defined, before the hooks run', () => {
  const early = withFakes(['aliyun']);
  const refusal = (() => {
    try {
      return early.aliyun.url;
    } catch (error) {
      return (error as Error).message;
    }
  })();

  test('a fake says where it can be read', () => {
    expect(refusal).toMatch(/^The aliyun fake is started in beforeAll/);
    expect(early.aliyun.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});

describe('a server for the file', () => {
  const loopback = withFakes(['alipay', 'aliyun'], ({ alipay }) => startServer(throughFake(alipay)));
  let first: { server: TestServer; alipay: AlipayFake };

  test('a test turns the fakes’ switches and charges through them', () => {
    first = { server: loopback.server, alipay: loopback.alipay };
    expect(loopback.server.app.appConfig.alipay?.gateway).toBe(loopback.alipay.gateway);
    Object.assign(loopback.alipay, { holdNotifies: true, loseRefunds: true, balanceFen: 0, refundDelayMs: 500 });
    loopback.alipay.cancels = 1;
  });

  test('the next test finds the switches as the fake started, its records and the server kept', () => {
    expect(loopback.server).toBe(first.server);
    expect(loopback.alipay).toBe(first.alipay);
    expect(loopback.alipay).toMatchObject({ holdNotifies: false, loseRefunds: false, balanceFen: 100_000_000, refundDelayMs: 0 });
    expect(loopback.alipay.cancels).toBe(1);
  });
});

describe('a server for each test', () => {
  const loopback = withFakes(['alipay'], ({ alipay }) => startServer(throughFake(alipay)), 'test');
  let first: TestServer;

  test('a test leaves a refund and a count with the fake', () => {
    first = loopback.server;
    loopback.alipay.refunds.push({ outTradeNo: 'P1', tradeNo: 'T1', outRequestNo: 'R1', refundAmount: '1.00', reason: 'paid twice' });
    loopback.alipay.chargeRequests = 3;
  });

  test('the next has a server of its own, the last one closed, and a fake that forgot the last one’s records', async () => {
    expect(loopback.server).not.toBe(first);
    await expect(fetch(`${first.baseURL}/health/live`)).rejects.toThrow();
    expect(loopback.alipay.refunds).toEqual([]);
    expect(loopback.alipay.chargeRequests).toBe(0);
  });
});
