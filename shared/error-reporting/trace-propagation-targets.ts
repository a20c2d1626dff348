/**
 * The URLs that may receive trace headers: our own hosts and the shops we call. Anchored patterns,
 * because a plain string would match anywhere in a URL (`https://evil.example/?localhost`).
 */
export function tracePropagationTargets(publicUrl: string): RegExp[] {
  const publicHost = new URL(publicUrl).hostname;
  return [
    hostAndSubdomains('localhost'),
    ...(publicHost === 'localhost' ? [] : [hostAndSubdomains(publicHost)]),
    hostAndSubdomains('myshopify.com'),
  ];
}

function hostAndSubdomains(host: string): RegExp {
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://([a-z0-9-]+\\.)*${escaped}(:\\d+)?(/|\\?|#|$)`, 'i');
}
