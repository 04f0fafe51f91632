import { DEVICE_ID_KEY, deviceId, sampled, sideOf } from './assignment';

const DEVICES = 10_000;
/** Fresh devices, each with an id made as a browser's first visit makes it. */
const devices = Array.from({ length: DEVICES }, () => deviceId({ getItem: () => null, setItem: () => undefined }));
const canaryShare = (remote: string, percent: number) =>
  (100 * devices.filter((device) => sideOf(device, remote, percent) === 'canary').length) / DEVICES;

afterEach(() => localStorage.clear());

test('a device is given a random id on its first visit and keeps it across reloads', () => {
  const first = deviceId();
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
  expect(deviceId()).toBe(first);
  localStorage.clear();
  expect(deviceId()).not.toBe(first);
  expect(new Set(devices).size).toBe(DEVICES);
});

test('a browser that keeps nothing has one id for the life of the page', () => {
  const refusing = {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    setItem: () => undefined,
  };
  expect(deviceId(refusing)).toMatch(/^[0-9a-f]{32}$/);
  expect(deviceId(refusing)).toBe(deviceId(refusing));
});

test('a device stays on its side of a canary, as long as the percent stays', () => {
  for (const device of devices.slice(0, 200)) {
    expect(sideOf(device, 'mf_news', 37)).toBe(sideOf(device, 'mf_news', 37));
  }
  // Raising the percent only brings devices over to the canary, none back.
  const at10 = devices.filter((device) => sideOf(device, 'mf_news', 10) === 'canary');
  expect(at10.every((device) => sideOf(device, 'mf_news', 50) === 'canary')).toBe(true);
});

test.each([10, 50, 90])('of 10,000 devices, %i percent draw the canary, within 5 points', (percent) => {
  expect(Math.abs(canaryShare('mf_loan', percent) - percent)).toBeLessThanOrEqual(5);
});

test('at 0 percent no device draws the canary, at 100 every device does', () => {
  expect(canaryShare('mf_loan', 0)).toBe(0);
  expect(canaryShare('mf_loan', 100)).toBe(100);
});

test('each remote’s canary draws its devices independently of another’s', () => {
  const both = devices.filter((device) => sideOf(device, 'mf_loan', 50) === 'canary' && sideOf(device, 'mf_news', 50) === 'canary');
  // Independent: half of half; the same devices would make it 50 %, opposite ones 0 %.
  expect(Math.abs((100 * both.length) / DEVICES - 25)).toBeLessThanOrEqual(3);
});

test('a share of devices reports, the same ones every time, whatever their sides', () => {
  const reporting = (share: number) => devices.filter((device) => sampled(device, share));
  expect(Math.abs((100 * reporting(0.1).length) / DEVICES - 10)).toBeLessThanOrEqual(5);
  expect(reporting(0)).toHaveLength(0);
  expect(reporting(1)).toHaveLength(DEVICES);
  expect(reporting(0.1)).toEqual(reporting(0.1));
  const onCanary = devices.filter((device) => sideOf(device, 'mf_loan', 10) === 'canary');
  const reportingOnCanary = onCanary.filter((device) => sampled(device, 0.1));
  expect(Math.abs((100 * reportingOnCanary.length) / onCanary.length - 10)).toBeLessThanOrEqual(5);
});
