/** The cancellation of one client call: the caller's signal and the call's timeout joined into one signal. */
export interface CallScope {
  readonly signal: AbortSignal;
  /** Epoch ms when the call times out (Infinity without a timeout). */
  readonly deadline: number;
  /** True when the timeout, not the caller, aborted the call. */
  timedOut(): boolean;
  /** Clears the timer and detaches from the caller's signal. */
  dispose(): void;
}

/** Opens the scope of one call; `timeoutMs` ≤ 0 or undefined means no timeout. */
export function openCallScope(timeoutMs: number | undefined, outer?: AbortSignal): CallScope {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  const hasTimeout = timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs);
  const timer = hasTimeout
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs)
    : undefined;
  return {
    signal: controller.signal,
    deadline: hasTimeout ? Date.now() + timeoutMs : Number.POSITIVE_INFINITY,
    timedOut: () => timedOut,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts (the promise keeps running). */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
