// A local stand-in for a Kubernetes Service in front of an app's replicas: listens on the app's port
// and hands each new TCP connection to the next endpoint in turn, as kube-proxy does. An endpoint is
// added once its replica is ready and removed before it is stopped (a rolling restart); connections
// already open stay on their replica until one side closes them. An endpoint that refuses the
// connection (a replica killed and not yet restarted) is skipped for the next one: nothing was sent
// to it yet.
import { createConnection, createServer } from 'node:net';

/**
 * Starts the proxy on `port` (127.0.0.1) over `endpoints` (ports on 127.0.0.1); answers a handle with
 * add(port), remove(port), endpoints() and close().
 * @param {{ port: number, endpoints?: number[] }} options
 */
export async function startServiceProxy({ port, endpoints = [] }) {
  const ready = [...endpoints];
  const open = new Set();
  let next = 0;
  const server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const start = ready.length === 0 ? 0 : next++ % ready.length;
    connectToEndpoint(client, [...ready.slice(start), ...ready.slice(0, start)]);
  });
  await new Promise((resolve, reject) =>
    server.once('error', reject).listen(port, '127.0.0.1', () => resolve(undefined)),
  );
  return {
    add(endpoint) {
      if (!ready.includes(endpoint)) ready.push(endpoint);
    },
    remove(endpoint) {
      const index = ready.indexOf(endpoint);
      if (index >= 0) ready.splice(index, 1);
    },
    endpoints: () => [...ready],
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}

/** Pipes `client` to the first of `candidates` that accepts the connection; closes it if none does. */
function connectToEndpoint(client, candidates) {
  const [endpoint, ...rest] = candidates;
  if (endpoint === undefined) {
    client.destroy();
    return;
  }
  const upstream = createConnection({ port: endpoint, host: '127.0.0.1' });
  upstream.once('connect', () => {
    if (client.destroyed) {
      upstream.destroy();
      return;
    }
    upstream.removeAllListeners('error');
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  });
  upstream.once('error', () => {
    upstream.destroy();
    connectToEndpoint(client, rest);
  });
}
