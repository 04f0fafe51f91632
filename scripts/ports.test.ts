import fs from 'node:fs';
import net from 'node:net';
import { freePort } from './ports';

const kernelFloor = () => Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

test('ports handed out at once are distinct, free, and below the range the kernel gives connections and port-0 listeners', async () => {
  const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
  expect(new Set(ports).size).toBe(ports.length);
  for (const port of ports) expect(port).toBeLessThan(kernelFloor());
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
  server.close();
});
