import fs from 'node:fs';
import net from 'node:net';
import { freePort, runtimeConfig } from './ports';

const kernelFloor = () => Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

test('ports handed out at once are distinct, free, and below the range the kernel gives connections and port-0 listeners', async () => {
  const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
  expect(new Set(ports).size).toBe(ports.length);
  for (const port of ports) expect(port).toBeLessThan(kernelFloor());
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
  server.close();
});

test("a host's config names each remote's release where one is given, its root build where none is", () => {
  const ports = { api: 3100, shell: 3000, 'mf-account': 3001, 'mf-loan': 3002, 'mf-payment': 3003, 'mf-news': 3004 };
  expect(runtimeConfig({ host: '127.0.0.1', ports, releases: { 'mf-news': '1.0.0-b375439d' } })).toEqual({
    apiBaseURL: 'http://127.0.0.1:3100',
    remotes: {
      mf_account: 'http://127.0.0.1:3001/mf-manifest.json',
      mf_loan: 'http://127.0.0.1:3002/mf-manifest.json',
      mf_payment: 'http://127.0.0.1:3003/mf-manifest.json',
      mf_news: 'http://127.0.0.1:3004/releases/1.0.0-b375439d/mf-manifest.json',
    },
  });
});
