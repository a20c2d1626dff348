import { testProjectId } from './test-environment.ts';

/**
 * What the Auth Emulator knows, read as an admin would: the users it holds and the e-mail action
 * codes it "sent" (verification, password reset), which the emulator keeps instead of mailing them.
 */

export interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | string;
  oobCode: string;
  oobLink: string;
}

export interface EmulatorUser {
  localId: string;
  email?: string;
  displayName?: string;
  providerUserInfo?: { providerId: string }[];
}

/** Every action code the emulator has issued for the project, oldest first. */
export async function listOobCodes(host: string): Promise<OobCode[]> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${testProjectId}/oobCodes`);
  if (!response.ok) throw new Error(`Emulator oobCodes: ${response.status}`);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return body.oobCodes ?? [];
}

/** The codes issued to `email` (compared without case) of one kind, oldest first. */
export async function oobCodesFor(
  host: string,
  email: string,
  requestType: OobCode['requestType'],
): Promise<OobCode[]> {
  return (await listOobCodes(host)).filter(
    (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === requestType,
  );
}

/** The user `uid`, or undefined when the emulator has no such user. */
export function lookUpUser(host: string, uid: string): Promise<EmulatorUser | undefined> {
  return lookUp(host, { localId: [uid] });
}

/** The user with this e-mail address, or undefined when the emulator has none. */
export function lookUpUserByEmail(host: string, email: string): Promise<EmulatorUser | undefined> {
  return lookUp(host, { email: [email] });
}

async function lookUp(
  host: string,
  query: { localId: string[] } | { email: string[] },
): Promise<EmulatorUser | undefined> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${testProjectId}/accounts:lookup`,
    {
      method: 'POST',
      // The emulator treats the "owner" bearer as an admin, like a service account would be.
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(query),
    },
  );
  if (!response.ok) throw new Error(`Emulator accounts:lookup: ${response.status}`);
  const body = (await response.json()) as { users?: EmulatorUser[] };
  return body.users?.[0];
}
