/**
 * Local mode cannot start on this machine as it is, and its message is one sentence that says what
 * to do. server/main.ts prints that sentence alone: a stack trace would only bury it.
 */
export class LocalSetupError extends Error {
  override name = 'LocalSetupError';
}
