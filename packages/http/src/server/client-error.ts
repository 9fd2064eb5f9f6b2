import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { ErrorCode, type Problem } from '@tj/core';
import { STATUS_OF_CODE, statusTitle } from '../errors/status.js';
import type { Logger } from './logger.js';

/** Node's own refusals of a request it could not parse, as problem codes and messages. */
function refusal(code: string | undefined): { code: ErrorCode; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { code: ErrorCode.headersTooLarge, detail: 'the request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: ErrorCode.requestTimeout, detail: 'the request did not arrive in time' };
  }
  return { code: ErrorCode.malformedRequest, detail: 'the request is not valid HTTP' };
}

/**
 * The server's `clientError` listener: the 400 (bad framing), 408 (request timeout) and 431
 * (headers too large) that Node answers by itself get RFC 9457 problem bodies like every other
 * error, then the connection closes. A client that is already gone gets nothing, and none of this
 * is logged as an error (any client can cause it).
 */
export function clientErrorListener(logger: Logger): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { code, detail } = refusal(error.code);
    const status = STATUS_OF_CODE[code];
    const requestId = randomUUID();
    const body: Problem = { type: 'about:blank', title: statusTitle(status), status, code, detail, requestId };
    const payload = JSON.stringify(body);
    logger.log({
      level: 'info',
      msg: 'client error',
      requestId,
      status,
      error: error.code ?? error.message,
      ip: socket.remoteAddress,
    });
    socket.end(
      `HTTP/1.1 ${status} ${statusTitle(status)}\r\nContent-Type: application/problem+json\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nX-Request-Id: ${requestId}\r\nCache-Control: no-store\r\n` +
        `Connection: close\r\n\r\n${payload}`,
    );
    socket.once('finish', () => socket.destroy());
  };
}
