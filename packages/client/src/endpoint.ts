/** How the SDK calls one operation: its method, its path below `/api` (`:name` parameters) and its flags. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** False for the public operations (no bearer token sent). */
  auth?: false;
  /** A creating POST the server makes idempotent: sent with an `Idempotency-Key`. */
  idempotent?: true;
  /** Its body is a file. */
  upload?: true;
  /** Answers a text document (HTML), not JSON. */
  responseType?: 'text';
}
