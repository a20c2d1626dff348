/** The Firebase project of the test emulators; `demo-` makes firebase-tools keep everything offline. */
export const testProjectId = 'demo-vitrine';
