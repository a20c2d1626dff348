/**
 * What the contact area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { contactMailJob, contactMailSweepJob } from './contact-mail-job.ts';
export { issueFormToken } from './form-token.ts';
export { submitContactMessage } from './submit-contact-message.ts';
export { deleteUserContactMessages } from './user-data.ts';
