import type { IncomingMessage } from 'node:http';

/** A request's arrival deadline: `streaming()` turns it into an idle bound (uploads). */
export interface ArrivalDeadline {
  /** From now on the body may take as long as it keeps arriving: only `timeoutMs` without a byte expires it. */
  streaming(): void;
}

const NONE: ArrivalDeadline = { streaming() {} };

/**
 * Bounds how long a request's body takes to arrive (Node's own whole-request timer is off, as it
 * would cut off a large upload that is still arriving): the whole body within `timeoutMs`, or,
 * after `streaming()`, no `timeoutMs` in which the client sent nothing. Time in which the server
 * itself holds the body back (unread data waiting) never counts. `onExpire` runs at most once,
 * only while the body is incomplete. A `timeoutMs` of 0 sets no deadline.
 */
export function arrivalDeadline(req: IncomingMessage, timeoutMs: number, onExpire: () => void): ArrivalDeadline {
  if (timeoutMs <= 0 || req.complete) return NONE;
  let idle = false;
  let seen = req.socket.bytesRead;
  const check = () => {
    if (req.complete || req.destroyed) return;
    const read = req.socket.bytesRead;
    if (idle && (read > seen || req.readableLength > 0)) {
      seen = read;
      timer = setTimeout(check, timeoutMs);
      return;
    }
    onExpire();
  };
  let timer = setTimeout(check, timeoutMs);
  const stop = () => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
  return {
    streaming() {
      idle = true;
      seen = req.socket.bytesRead;
    },
  };
}
