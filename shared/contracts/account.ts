import {
  accountDeletionPendingSchema,
  accountResponseSchema,
  registerAccountBodySchema,
  updateAccountBodySchema,
} from '../schemas/account.ts';
import { defineContract, noBody } from './api-contract.ts';

/** The routes of the caller's own account (shared/schemas/account.ts). */
export const accountContracts = {
  register: defineContract({
    method: 'POST',
    path: '/api/v1/account/register',
    body: registerAccountBodySchema,
    responses: { 201: accountResponseSchema },
  }),
  read: defineContract({
    method: 'GET',
    path: '/api/v1/account/me',
    responses: { 200: accountResponseSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/account/me',
    body: updateAccountBodySchema,
    responses: { 200: accountResponseSchema },
  }),
  /** 204: everything is gone; 202: the rest is left to a job that retries until it is. */
  delete: defineContract({
    method: 'DELETE',
    path: '/api/v1/account/delete',
    responses: { 204: noBody, 202: accountDeletionPendingSchema },
  }),
  /** An e-mail sign-up given up before its address was verified. */
  cancelRegistration: defineContract({
    method: 'DELETE',
    path: '/api/v1/account/registration',
    responses: { 204: noBody },
  }),
};
