/**
 * The billing calls, fetched only when the pricing page needs them (someone is signed in, or a plan
 * is chosen), so that the page a visitor opens carries neither them nor the API client.
 */
export function loadBillingApi() {
  return import('#client/lib/billing-api.ts');
}
