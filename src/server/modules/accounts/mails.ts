import { renderMail } from '../../integrations/mail';

export const verificationMail = (to: string, url: string) =>
  renderMail({
    to,
    subject: 'Verify your e-mail for Reelmates',
    heading: 'Welcome to Reelmates!',
    paragraphs: ['Please confirm your e-mail address to finish creating your account.', 'If you did not sign up, you can ignore this mail.'],
    action: { label: 'Verify e-mail', url },
  });

export const resetPasswordMail = (to: string, url: string) =>
  renderMail({
    to,
    subject: 'Reset your Reelmates password',
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your Reelmates account. The link works for one hour.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  });

export const changeEmailMail = (to: string, url: string) =>
  renderMail({
    to,
    subject: 'Confirm your new e-mail for Reelmates',
    heading: 'Confirm your new e-mail address',
    paragraphs: ['Follow the link to use this address for your Reelmates account.', 'If you did not ask for this, ignore this mail.'],
    action: { label: 'Confirm new e-mail', url },
  });
