import {
  contactFormTokenResponseSchema,
  contactMessageBodySchema,
  contactMessageResponseSchema,
} from '../schemas/contact.ts';
import { defineContract } from './api-contract.ts';

/** The contact form's routes: a signed time stamp fetched when the form is shown, then the message. */
export const contactContracts = {
  formToken: defineContract({
    method: 'GET',
    path: '/api/v1/contact/form-token',
    responses: { 200: contactFormTokenResponseSchema },
  }),
  sendMessage: defineContract({
    method: 'POST',
    path: '/api/v1/contact',
    body: contactMessageBodySchema,
    responses: { 201: contactMessageResponseSchema },
  }),
};
