import { AppError } from '#shared/errors.ts';

/** No such change (or batch) on this store; one of another store answers the same. */
export function changeNotFound(): AppError {
  return new AppError('change_not_found', 404, { message: 'No such change on this store' });
}

/** The change is not in the state the request needs (a draft to approve, applied to undo…). */
export function changeStateConflict(message: string): AppError {
  return new AppError('change_state_conflict', 409, { message });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be a change's or a batch's id (a uuid); any other names none. */
export function isChangeId(value: string): boolean {
  return uuidPattern.test(value);
}
