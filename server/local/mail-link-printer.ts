/**
 * In local mode no e-mail leaves the machine: the Auth Emulator keeps the verification and
 * password-reset codes it would have mailed. This polls its oobCodes endpoint and prints each new
 * link on the console, so a developer can click it.
 */

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

const pollIntervalMs = 1000;

export function printMailLinks(
  emulatorHost: string,
  projectId: string,
  print: (line: string) => void,
): () => void {
  const seen = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let firstRound = true;

  const poll = async () => {
    try {
      const response = await fetch(
        `http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`,
        {
          signal: AbortSignal.timeout(2000),
        },
      );
      if (response.ok) {
        const body = (await response.json()) as { oobCodes?: OobCode[] };
        for (const code of body.oobCodes ?? []) {
          if (seen.has(code.oobCode)) continue;
          seen.add(code.oobCode);
          // Codes from before this start were printed by an earlier run.
          if (!firstRound)
            print(`[mail] ${describe(code.requestType)} for ${code.email}: ${code.oobLink}`);
        }
        firstRound = false;
      }
    } catch {
      // The emulator is stopping or busy; try again on the next round.
    }
    if (!stopped) timer = setTimeout(poll, pollIntervalMs).unref();
  };
  void poll();

  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

function describe(requestType: string): string {
  switch (requestType) {
    case 'VERIFY_EMAIL':
      return 'E-mail verification link';
    case 'PASSWORD_RESET':
      return 'Password reset link';
    case 'EMAIL_SIGNIN':
      return 'Sign-in link';
    default:
      return `${requestType} link`;
  }
}
