/**
 * The Firebase project of the test emulators; `demo-` makes firebase-tools keep everything offline.
 * It differs from the product's own (`demo-vitrine`) because firebase-tools keeps one hub file per
 * project id in the temporary folder: tests that shared the id of a running `npm start` could take
 * its hub file away and stop it from saving its users on exit.
 */
export const testProjectId = 'demo-vitrine-test';
