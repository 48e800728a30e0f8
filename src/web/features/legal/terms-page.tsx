import { Link } from 'react-router';
import { LegalLayout, LegalSection } from './legal-layout';

export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={
        <p>
          These terms are the agreement between you and Reelmates when you use the app. We have tried to keep them short and readable. Please read them together with our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      }
    >
      <LegalSection id="agreement" title="Accepting these terms">
        <p>
          By creating an account or using Reelmates, you agree to these terms. If you do not agree, please do not use the service. If you use Reelmates on behalf of an
          organization, you confirm that you may accept these terms for it.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="Your account">
        <ul>
          <li>You must be at least 13 years old, or older if the law where you live requires it.</li>
          <li>Give a real e-mail address you can access; we send a verification e-mail to confirm it.</li>
          <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
          <li>One person per account. Do not impersonate anyone or create accounts to get around a ban or a limit.</li>
        </ul>
      </LegalSection>

      <LegalSection id="your-content" title="Your content">
        <p>
          You own what you post on Reelmates: ratings, lists, messages, forum posts and your avatar. To run the service, you give us a worldwide, non-exclusive, royalty-free
          license to store, copy, display and transmit that content, only as needed to operate and improve Reelmates. The license ends when you delete the content or your account.
        </p>
        <p>
          Only post content you have the right to share. Avatars must be PNG or JPEG images up to 2 MB. If you believe something on Reelmates infringes your copyright, follow our{' '}
          <Link to="/dmca">DMCA Policy</Link>.
        </p>
      </LegalSection>

      <LegalSection id="community-rules" title="Community rules">
        <p>Reelmates is for talking about movies and TV with people who love them. Do not:</p>
        <ul>
          <li>Harass, threaten, bully or stalk other users, or post hate speech.</li>
          <li>Post sexual content involving minors, or sexually explicit content anywhere.</li>
          <li>Send spam, unsolicited promotions or scams, in messages or in forums.</li>
          <li>Share other people&apos;s personal information without their consent.</li>
          <li>Post pirated content or links to pirated copies of movies and shows.</li>
          <li>Scrape the service, probe it for weaknesses, or interfere with how it works for others.</li>
        </ul>
      </LegalSection>

      <LegalSection id="moderation" title="Reports and moderation">
        <p>
          You can report any user you believe is breaking these rules. Our admins review reports and may remove content, limit features, or suspend or ban accounts. For serious or
          repeated violations we may ban without prior warning. If you think we got it wrong, write to <a href="mailto:support@reelmates.app">support@reelmates.app</a> and we will
          take another look.
        </p>
      </LegalSection>

      <LegalSection id="premium" title="Premium and billing">
        <p>
          Reelmates is free to use. Free accounts get 3 taste matches a day and unlimited messaging. Premium adds unlimited matches, a genre filter on matches, Advanced Discovery,
          no house ads, a profile boost (active for 48 hours, usable once every 7 days) and the ability to start forum threads.
        </p>
        <ul>
          <li>
            <strong>Price:</strong> 4.99 USD a month or 39.99 USD a year. Taxes may be added where the law requires.
          </li>
          <li>
            <strong>Free trial:</strong> each account can use a 7-day free trial once. Unless you cancel before the trial ends, your chosen plan starts and is charged when it does.
          </li>
          <li>
            <strong>Renewal:</strong> subscriptions renew automatically at the end of each month or year until you cancel.
          </li>
          <li>
            <strong>Cancelling:</strong> you can cancel at any time. Premium stays active until the end of the period you have paid for, then your account returns to the free plan.
          </li>
          <li>
            <strong>Refunds:</strong> payments are not refundable for partly used periods, except where the law gives you a right to a refund.
          </li>
          <li>
            <strong>Price changes:</strong> we will tell you in advance of any price change, and it applies from your next renewal.
          </li>
        </ul>
        <p>
          Current plans are shown on our <Link to="/pricing">pricing page</Link>. Payments are processed by Stripe on its hosted checkout page; your card details never reach our
          servers.
        </p>
      </LegalSection>

      <LegalSection id="founding-members" title="Founding Members">
        <p>
          The first 1,000 accounts to verify their e-mail address become Founding Members and receive Premium for life at no charge. &quot;For life&quot; means for as long as that
          account exists and Reelmates operates. Founding Member status belongs to the account: it cannot be transferred or sold, and it ends if the account is deleted or banned.
        </p>
      </LegalSection>

      <LegalSection id="donations" title="Donations">
        <p>
          You can make a one-time card donation toward a future Reelmates mobile app. Donations are voluntary gifts: they do not buy Premium or any other feature, and they do not
          guarantee that a mobile app will be released or when. Donations are not refundable, except where the law requires.
        </p>
      </LegalSection>

      <LegalSection id="title-data" title="Movie data and our intellectual property">
        <p>
          Titles, descriptions, posters and other film and TV information come from TMDB (The Movie Database), or from an offline demo catalogue when TMDB is not available. We show
          this information as provided and cannot guarantee that it is complete or accurate. Reelmates does not host or stream movies or TV shows.{' '}
          <strong>This product uses the TMDB API but is not endorsed or certified by TMDB.</strong>
        </p>
        <p>
          The Reelmates name, logo, design and software belong to Reelmates. Posters and artwork belong to their respective rights holders. These terms do not give you any right to
          use our branding.
        </p>
      </LegalSection>

      <LegalSection id="termination" title="Ending your account">
        <p>
          You can delete your account at any time from your <Link to="/settings">settings</Link> by typing DELETE to confirm; this removes your data as described in our{' '}
          <Link to="/privacy">Privacy Policy</Link>. If you have a paid subscription, cancel it first so you are not charged again. We may suspend or close accounts that break
          these terms. We may also change or discontinue parts of the service; if we shut down Reelmates entirely, we will give reasonable notice so you can export your favorites
          and watchlist.
        </p>
      </LegalSection>

      <LegalSection id="disclaimers" title="Disclaimers and limitation of liability">
        <p>
          Reelmates is provided &quot;as is&quot; and &quot;as available&quot;. We work hard to keep it running, but we do not promise it will always be available or error-free,
          and we are not responsible for what other users say or do. To the extent the law allows, Reelmates is not liable for indirect or consequential losses, and our total
          liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights you have under consumer protection law that
          cannot be waived.
        </p>
      </LegalSection>

      <LegalSection id="changes-contact" title="Changes and contact">
        <p>
          We may update these terms. We will change the date at the top of this page and, for important changes, notify you by e-mail or in the app before they take effect.
          Continuing to use Reelmates after that means you accept the new terms. Questions? Write to <a href="mailto:support@reelmates.app">support@reelmates.app</a> or use our{' '}
          <Link to="/contact">contact form</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
