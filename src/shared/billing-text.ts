// Texts only, no schemas: the header and landing page use them without loading Zod.
/** Spec 000 §8 and §9, issue 16: every billing text a user can meet, in one place. */
export const BILLING_TEXT = {
  checkoutSuccess: 'Subscription Successful!',
  checkoutSuccessDescription: 'Welcome to Premium. Your new features are unlocking now.',
  paymentFailed: 'Could not process payment. Please try again.',
  portalFailed: 'Could not open subscription management. Please try again.',
  checkError: 'Subscription Error',
  checkErrorDescription: 'An issue occurred while checking your subscription status.',
  trialUsed: 'Your free trial has already been used. Upgrade to keep Premium.',
  alreadyPremium: 'You already have Premium.',
  noSubscription: 'You have no subscription to manage.',
  cardDeclined: 'Your card was declined. Please use another card.',
  notATestCard: 'This is a test checkout: use the test card 4242 4242 4242 4242.',
  testCheckoutOff: 'The test checkout is off in production. Configure Stripe, or set ALLOW_TEST_CHECKOUT=true.',
  checkoutClosed: 'This checkout is already complete.',
  donationInvalid: 'Please enter a valid amount of at least $1.',
  donationInvalidTitle: 'Invalid amount',
  donationError: 'Donation Error',
  donationErrorFallback: 'Could not retrieve the donation link. Please try again.',
  donationThanks: 'Thank you for your donation!',
  donationThanksDescription: 'Your support helps us build the Reelmates mobile app.',
  testMode: 'Test mode',
} as const;
