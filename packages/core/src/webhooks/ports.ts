/** One HTTP POST the sender makes: the exact body and every header, already signed. */
export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole attempt (connect, send, answer) must end within this many ms. */
  timeoutMs: number;
}

/** What one attempt came to; `statusCode` is null when no answer arrived. */
export interface SendResult {
  statusCode: number | null;
  /** The raw `Retry-After` header of the answer, if any. */
  retryAfter: string | null;
  durationMs: number;
  /** Why no answer arrived (timeout, refused target, connection error); never a secret. */
  error: string | null;
  /** The start of the answer's body (the log keeps its first `MAX_RESPONSE_BODY_BYTES`); absent or null when none was read. */
  responseBody?: Uint8Array | string | null;
}

/**
 * Port that sends one delivery over the network (the undici adapter lives in `@tj/http`).
 * It must not follow redirects, and must refuse private targets unless allowed.
 */
export interface WebhookSender {
  send(request: SendRequest): Promise<SendResult>;
}

/**
 * Port that checks a webhook URL when it is registered: the reason it is refused, or null.
 * The adapter in `@tj/http` resolves the name; core's default checks literal addresses only.
 */
export interface TargetGuard {
  refusal(url: string): Promise<string | null>;
}
