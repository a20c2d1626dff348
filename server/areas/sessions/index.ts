/**
 * What the sessions area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { createSession } from './create-session.ts';
export { endEverySession } from './end-every-session.ts';
export { endSession } from './end-session.ts';
export { reauthenticateSession } from './reauthenticate-session.ts';
export { SessionEndedError, ensureFreshIdToken } from './refresh-session-tokens.ts';
export { resolveSession, sessionIsLive } from './resolve-session.ts';
export { sendVerificationEmail } from './send-verification-email.ts';
export { createSessionContext } from './session-context.ts';
export type { ActiveSession, FreshTokens, SessionContext } from './session-context.ts';
export { hashSessionId, isWellFormedSessionId } from './session-id.ts';
export { sessionPurgeJob } from './session-purge-job.ts';
export { deleteUserSessions } from './user-data.ts';
