/**
 * What the activity area offers the other areas and the wiring: the areas record what happened,
 * the API reads the owner's timeline. Lint refuses imports of any other file of this folder.
 */
export { readActivity } from './read-activity.ts';
export { recordActivity } from './record-activity.ts';
export { deleteUserActivity } from './user-data.ts';
