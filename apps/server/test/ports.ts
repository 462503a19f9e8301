import net, { type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for a server a test starts on a port of its own, e.g. the RTMP ingest). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
