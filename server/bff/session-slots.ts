/**
 * A bound on the requests one session has under way at once. Each request takes a slot as it
 * arrives and gives it back when it is over; beyond the bound a request is refused at once, so one
 * session cannot take every connection the BFF keeps to the API, whatever it sends.
 */
export interface SessionSlots {
  /** A slot for the session, or undefined when all of its slots are taken. */
  take(sessionKey: string): SessionSlot | undefined;
}

export interface SessionSlot {
  /** Gives the slot back; later calls do nothing. */
  release(): void;
}

export function createSessionSlots(perSession: number): SessionSlots {
  const counts = new Map<string, number>();
  return {
    take(sessionKey) {
      const count = counts.get(sessionKey) ?? 0;
      if (count >= perSession) return undefined;
      counts.set(sessionKey, count + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const remaining = (counts.get(sessionKey) ?? 1) - 1;
          // Emptied entries go, so the map holds only the sessions with requests under way.
          if (remaining === 0) counts.delete(sessionKey);
          else counts.set(sessionKey, remaining);
        },
      };
    },
  };
}
