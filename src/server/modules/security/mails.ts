import { AUTO_GENERATED, renderMail } from '../../integrations/mail';

/**
 * Security mails (issue 20, part 6; decision 045): something that matters to the account happened,
 * and its owner is told with a link to secure it. Settings is where they can change the password,
 * sign out other devices and turn two-factor sign-in on or off; the link lands on the devices card.
 */

export type SecurityEvent =
  | { kind: 'new-device'; device: string }
  | { kind: 'password-changed' }
  | { kind: 'email-changed'; newEmail: string }
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off' }
  | { kind: 'backup-codes-replaced' };

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

function contentOf(e: SecurityEvent, when: string): { subject: string; heading: string; what: string } {
  switch (e.kind) {
    case 'new-device':
      return {
        subject: 'New sign-in to your Reelmates account',
        heading: 'New sign-in from a new device',
        what: `Your Reelmates account was signed in to from ${e.device}, a device it had not been used on before, on ${when} (UTC).`,
      };
    case 'password-changed':
      return {
        subject: 'Your Reelmates password was changed',
        heading: 'Your password was changed',
        what: `The password of your Reelmates account was changed on ${when} (UTC).`,
      };
    case 'email-changed':
      return {
        subject: 'The e-mail address of your Reelmates account was changed',
        heading: 'Your e-mail address was changed',
        what: `The e-mail address of your Reelmates account was changed to ${e.newEmail} on ${when} (UTC). Mail about the account now goes there.`,
      };
    case 'two-factor-on':
      return {
        subject: 'Two-factor authentication is on for your Reelmates account',
        heading: 'Two-factor authentication turned on',
        what: `Two-factor authentication was turned on for your Reelmates account on ${when} (UTC). Signing in now asks for a code from an authenticator app after the password.`,
      };
    case 'two-factor-off':
      return {
        subject: 'Two-factor authentication is off for your Reelmates account',
        heading: 'Two-factor authentication turned off',
        what: `Two-factor authentication was turned off for your Reelmates account on ${when} (UTC). Signing in now needs only the password.`,
      };
    case 'backup-codes-replaced':
      return {
        subject: 'New backup codes for your Reelmates account',
        heading: 'New backup codes generated',
        what: `New two-factor backup codes were generated for your Reelmates account on ${when} (UTC). The backup codes you had before no longer work.`,
      };
  }
}

export function securityMail(to: string, event: SecurityEvent, settingsUrl: string, at = new Date()) {
  const { subject, heading, what } = contentOf(event, WHEN.format(at));
  return renderMail({
    to,
    subject,
    heading,
    paragraphs: [
      what,
      'If this was you, there is nothing to do.',
      'If it was not you, secure your account now: in Settings, change your password, sign out the devices you do not recognise and turn on two-factor authentication.',
    ],
    action: { label: 'Secure my account', url: settingsUrl },
    footer: 'You get this mail because it concerns the security of your Reelmates account; it cannot be turned off.',
    headers: AUTO_GENERATED,
  });
}
