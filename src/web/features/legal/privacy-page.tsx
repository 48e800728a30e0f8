import { Link } from 'react-router';
import { LegalLayout, LegalSection } from './legal-layout';

export default function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what Reelmates collects when you use it, why, who else sees it, and how you stay in control. The short version: we collect what we need to run your
          account and connect you with other fans, we do not sell your data, and we do not use advertising or analytics trackers.
        </p>
      }
    >
      <LegalSection id="who-we-are" title="Who we are">
        <p>
          Reelmates is a social web app for movie and TV fans. You keep favorites and a watchlist, find people with similar taste, follow and message each other, and talk in forums
          for each title and genre. Reelmates is responsible for the personal data described in this policy. If you have a question about it, write to{' '}
          <a href="mailto:support@reelmates.app">support@reelmates.app</a>.
        </p>
      </LegalSection>

      <LegalSection id="information-we-collect" title="Information we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your e-mail address, username and password. Your password is stored only as a one-way hash, never in plain text. We also keep whether
            your e-mail is verified and when you signed up.
          </li>
          <li>
            <strong>Profile and settings:</strong> your avatar if you upload one (PNG or JPEG, up to 2 MB), your privacy settings and your notification preference.
          </li>
          <li>
            <strong>Your activity:</strong> favorites with their 1 to 5 star ratings, your watchlist, what you are currently watching, who you follow, your messages, your forum
            threads and replies, and any reports you file.
          </li>
          <li>
            <strong>Payments:</strong> Premium subscriptions and donations are paid on Stripe&apos;s hosted checkout page. Your card number never reaches our servers. Stripe tells
            us the plan, amount, date and status of a payment, whether you have used your free trial, and a customer reference so we can match the payment to your account.
          </li>
          <li>
            <strong>Messages to us:</strong> when you use the <Link to="/contact">contact</Link>, <Link to="/report-bug">bug report</Link> or{' '}
            <Link to="/feature-request">feature request</Link> forms, we keep the name, e-mail address, subject and message you send, and link it to your account if you are signed
            in.
          </li>
          <li>
            <strong>Technical data:</strong> our servers log each request (the address requested, the result and how long it took) to keep the service running. Your IP address is
            used briefly to limit abuse such as form spam. Session cookies and passwords are removed from our logs.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="how-we-use" title="How we use your information">
        <ul>
          <li>To create and secure your account, sign you in and send verification and password-reset e-mails.</li>
          <li>
            To run the features you use: showing your lists, computing taste matches from the favorites you share with other users, delivering messages and displaying forum posts.
          </li>
          <li>To provide Premium, apply your free trial once per account and recognize Founding Members.</li>
          <li>To send notifications the way you chose: none, in-app popups, e-mail, or both.</li>
          <li>
            To review reports, enforce our <Link to="/terms">Terms of Service</Link> and keep the community safe.
          </li>
          <li>To answer your messages, fix bugs and decide which features to build next.</li>
        </ul>
        <p>
          We use your data because we need it to provide the service you signed up for, because we have a legitimate interest in keeping Reelmates secure and working, or because
          you chose a setting (such as e-mail notifications). We do not sell your personal data, and we do not use it for third-party advertising. The house ads free users see are
          our own promotions and are not targeted using tracking.
        </p>
      </LegalSection>

      <LegalSection id="what-others-see" title="What other users can see">
        <p>
          By default, other users can see your username, avatar, favorites and ratings, watchlist, what you are currently watching, and your forum posts. You can change this in
          your settings:
        </p>
        <ul>
          <li>Make your whole account private.</li>
          <li>Hide your favorites, your watchlist or what you are currently watching, each on its own.</li>
        </ul>
        <p>
          When you appear as someone&apos;s taste match, they see your profile as your privacy settings allow. A Premium profile boost makes your profile more prominent to other
          users for 48 hours. Forum posts are public to other Reelmates users. Direct messages are visible to you and the people in the conversation.
        </p>
      </LegalSection>

      <LegalSection id="sharing" title="Who we share information with">
        <p>We share only what each service needs to do its job for us:</p>
        <ul>
          <li>
            <strong>Stripe</strong> processes payments and handles your card details under its own{' '}
            <a href="https://stripe.com/privacy" rel="noreferrer" target="_blank">
              privacy policy
            </a>
            .
          </li>
          <li>
            <strong>Our e-mail provider</strong> delivers verification, password-reset and notification e-mails.
          </li>
          <li>
            <strong>Our hosting provider</strong> runs the servers and database where your data is stored.
          </li>
          <li>
            <strong>TMDB (The Movie Database)</strong> supplies title information, posters and images. Your browser may load images from TMDB&apos;s servers, which means TMDB can
            see your IP address for those requests. We do not send TMDB your account details. This product uses the TMDB API but is not endorsed or certified by TMDB.
          </li>
        </ul>
        <p>We may also disclose information if the law requires it, or to protect the safety of our users or the public.</p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies and local storage">
        <p>
          We use one strictly necessary session cookie to keep you signed in. Your browser&apos;s local storage remembers your theme (light, dark or system) and scroll positions.
          We use no analytics, advertising or third-party tracking cookies. See our <Link to="/cookies">Cookie Policy</Link> for details.
        </p>
      </LegalSection>

      <LegalSection id="your-choices" title="Your choices and rights">
        <ul>
          <li>
            <strong>Export:</strong> download your favorites and watchlist as a JSON file from your <Link to="/settings">settings</Link> at any time.
          </li>
          <li>
            <strong>Delete:</strong> delete your account from your settings by typing DELETE to confirm. This removes your account and the data tied to it.
          </li>
          <li>
            <strong>Control visibility:</strong> make your account private or hide individual lists, as described above.
          </li>
          <li>
            <strong>Control e-mail:</strong> set notifications to none, popup, e-mail or both. Account e-mails, such as password resets you request, are still sent.
          </li>
        </ul>
        <p>
          Depending on where you live, you may also have the right to access, correct, restrict or object to our use of your data, and to complain to your local data protection
          authority. To use any of these rights, write to <a href="mailto:support@reelmates.app">support@reelmates.app</a>. We answer within one month.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep data">
        <p>
          We keep your account data for as long as your account exists. When you delete your account, your profile, avatar, favorites, ratings, watchlist, follows, messages and
          forum posts are removed. Messages you sent us through our forms are kept while we need them to help you. Stripe keeps its own payment records as the law requires, and we
          keep only the minimum record of past payments that tax and accounting rules require.
        </p>
      </LegalSection>

      <LegalSection id="security" title="Security">
        <p>
          We protect your data with encrypted connections, hashed passwords, an httpOnly session cookie that page scripts cannot read, and limits on repeated sign-in attempts and
          form submissions. No system is perfectly secure; if you believe your account has been compromised, reset your password and contact us straight away.
        </p>
      </LegalSection>

      <LegalSection id="children" title="Children">
        <p>
          Reelmates is not meant for children under 13, and we do not knowingly collect their data. If you believe a child under 13 has created an account, tell us at{' '}
          <a href="mailto:support@reelmates.app">support@reelmates.app</a> and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          If we change this policy, we will update the date at the top of this page. If a change materially affects how we use your data, we will tell you by e-mail or with a
          notice in the app before it takes effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>
          For privacy questions or requests, e-mail <a href="mailto:support@reelmates.app">support@reelmates.app</a> or use our <Link to="/contact">contact form</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
