import { formatUsd, PREMIUM_MONTHLY_USD, PREMIUM_YEARLY_USD } from '../../../shared/pricing';
import { renderMail } from '../../integrations/mail';

export const receiptMail = (to: string, plan: 'monthly' | 'yearly', renews: Date | null) =>
  renderMail({
    to,
    subject: 'Your Reelmates Premium receipt',
    heading: 'Welcome to Premium!',
    paragraphs: [
      `Thank you for subscribing to Reelmates Premium, ${plan === 'monthly' ? `${formatUsd(PREMIUM_MONTHLY_USD)} per month` : `${formatUsd(PREMIUM_YEARLY_USD)} per year`}.`,
      renews
        ? `Your plan renews on ${renews.toUTCString().slice(0, 16)}. You can switch plans or cancel at any time in Settings, under Manage Billing.`
        : 'You can manage your plan in Settings.',
    ],
  });

export const paymentFailedMail = (to: string) =>
  renderMail({
    to,
    subject: 'Your Reelmates payment failed',
    heading: 'We could not process your payment',
    paragraphs: ['Your latest Premium payment did not go through. Please update your card in Settings, under Manage Billing, to keep Premium.'],
  });

/** Spec 000 §4's 'Trial Ending Soon!' notice as a mail: the trial expires tomorrow; upgrading keeps Premium. */
export const trialEndingMail = (to: string, trialEnd: Date, upgradeUrl: string) =>
  renderMail({
    to,
    subject: 'Your Reelmates trial ends tomorrow',
    heading: 'Trial Ending Soon!',
    paragraphs: [
      `Your 7-day free trial of Reelmates Premium expires tomorrow (${trialEnd.toUTCString().replace('GMT', 'UTC')}).`,
      `Upgrade now to keep your Premium features: ${formatUsd(PREMIUM_MONTHLY_USD)} per month or ${formatUsd(PREMIUM_YEARLY_USD)} per year. Without a plan, your account goes back to the free tier when the trial ends.`,
    ],
    action: { label: 'Upgrade in Settings', url: upgradeUrl },
  });
