import { useEffect, useState } from 'react';

/**
 * The checks run again as the owner types (live-checks.ts), in a chunk of their own: loaded the
 * first time an editor's text differs from what the audit read, or an editor takes the focus, and
 * kept for the rest of the visit. Until then the editors show the audit's findings, which are the
 * checks' answer for the texts the audit read.
 */

export type LiveChecks = typeof import('./live-checks.ts');

let loaded: LiveChecks | null = null;
let loading: Promise<LiveChecks> | null = null;

export function loadLiveChecks(): Promise<LiveChecks> {
  loading ??= import('./live-checks.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A later attempt may succeed (a connection back, a new build's chunk): not kept as failed.
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface LiveChecksState {
  checks: LiveChecks | null;
  /** The chunk could not be loaded: the editors say their checks cannot run. */
  failed: boolean;
}

export function useLiveChecks(wanted: boolean): LiveChecksState {
  const [state, setState] = useState<LiveChecksState>({ checks: loaded, failed: false });
  useEffect(() => {
    if (!wanted || state.checks !== null) return;
    let active = true;
    loadLiveChecks().then(
      (checks) => {
        if (active) setState({ checks, failed: false });
      },
      () => {
        if (active) setState({ checks: null, failed: true });
      },
    );
    return () => {
      active = false;
    };
  }, [wanted, state.checks]);
  return state;
}
