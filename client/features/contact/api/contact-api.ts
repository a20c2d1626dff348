import {
  contactFormTokenResponseSchema,
  contactMessageResponseSchema,
  type ContactMessageBody,
} from '../../../../shared/schemas/contact.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The contact form's calls, through the BFF, read with the API's own schemas. */

export const formTokenPath = '/api/v1/contact/form-token';
export const contactPath = '/api/v1/contact';

/**
 * A signed time stamp for the form, fetched when it is shown: a message sent too soon after it
 * (a machine) or hours later (a kept token) is refused.
 */
export async function fetchFormToken(): Promise<string> {
  const answer = await apiRequest('GET', formTokenPath, contactFormTokenResponseSchema);
  return answer.data.formToken;
}

/** Stores the message (it is mailed to the team afterwards, by a job that retries); its id. */
export async function sendContactMessage(body: ContactMessageBody): Promise<string> {
  const answer = await apiRequest('POST', contactPath, contactMessageResponseSchema, body);
  return answer.data.messageId;
}
