export { useDonate, useSubscription } from './api';
export { HouseAd } from './house-ad';
export { CheckoutButton, ManageBillingButton, TrialButton } from './subscription-actions';
export { useCheckoutReturn } from './use-checkout-return';
