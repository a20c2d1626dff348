import type { ContactMessageBody } from '../../../../shared/schemas/contact.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { isRecord, isString } from '../../../lib/shape-checks.ts';

/** The contact form's calls (issue 4 §3), through the BFF. */

export const formTokenPath = '/api/v1/contact/form-token';
export const contactPath = '/api/v1/contact';

/**
 * A signed time stamp for the form, fetched when it is shown: a message sent too soon after it
 * (a machine) or hours later (a kept token) is refused.
 */
export async function fetchFormToken(): Promise<string> {
  const body = await apiRequest<unknown>('GET', formTokenPath);
  const token = isRecord(body) && isRecord(body.data) ? body.data.formToken : undefined;
  if (!isString(token)) throw new ApiError(200, 'internal_error', `GET ${formTokenPath}: no token`);
  return token;
}

/** Stores the message (it is mailed to the team afterwards, by a job that retries). */
export async function sendContactMessage(body: ContactMessageBody): Promise<void> {
  await apiRequest<unknown>('POST', contactPath, body);
}
