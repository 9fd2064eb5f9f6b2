import type { Server } from 'node:http';

/**
 * Stops accepting connections, lets in-flight requests finish (idle keep-alive connections are
 * closed at once, busy ones after their response), and cuts whatever is left after `timeoutMs`.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
