/** Query keys of the billing feature; no schemas here (the layout uses them on every page). */
export const billingKeys = {
  subscription: ['billing', 'subscription'] as const,
  testCheckout: (id: string) => ['billing', 'test-checkout', id] as const,
};
