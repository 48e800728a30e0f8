import { Link } from 'react-router';
import { LegalLayout, LegalSection } from './legal-layout';

export default function CookiesPage() {
  return (
    <LegalLayout
      title="Cookie Policy"
      intro={<p>This page lists everything Reelmates stores in your browser and why. It is a short list on purpose: we only store what the app needs to work.</p>}
    >
      <LegalSection id="summary" title="The short version">
        <ul>
          <li>One strictly necessary session cookie that keeps you signed in.</li>
          <li>Local storage for your theme choice and scroll positions.</li>
          <li>No analytics, no advertising cookies, no third-party trackers and no ad scripts.</li>
        </ul>
      </LegalSection>

      <LegalSection id="what-they-are" title="What cookies and local storage are">
        <p>
          A cookie is a small piece of text a website asks your browser to keep and send back on later visits. Local storage is a similar place in your browser where a website can
          save small settings. Data in local storage stays on your device and is not sent to our servers.
        </p>
      </LegalSection>

      <LegalSection id="session-cookie" title="The session cookie">
        <p>When you sign in, we set a session cookie so that you stay signed in as you move between pages. It is strictly necessary: without it you cannot use your account.</p>
        <ul>
          <li>
            <strong>Purpose:</strong> identifies your signed-in session. It contains no profile data.
          </li>
          <li>
            <strong>httpOnly:</strong> page scripts cannot read it, which protects it from being stolen by malicious code.
          </li>
          <li>
            <strong>First party:</strong> it is only ever sent to Reelmates, never to anyone else.
          </li>
          <li>
            <strong>Lifetime:</strong> it is cleared when you sign out, and it stops working when your session ends.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="local-storage" title="What we keep in local storage">
        <ul>
          <li>
            <strong>Theme:</strong> your choice of light, dark or system theme, so pages open in the right colors without a flash. It is stored under the key{' '}
            <strong>reelmates-theme</strong>.
          </li>
          <li>
            <strong>Scroll positions:</strong> where you were on long lists, so going back returns you to the same spot.
          </li>
        </ul>
        <p>Neither of these identifies you, and neither is shared with anyone.</p>
      </LegalSection>

      <LegalSection id="no-tracking" title="What we do not use">
        <p>
          Reelmates does not use analytics tools, advertising networks, social media pixels, fingerprinting or any other third-party tracking. The house ads free users see are our
          own promotions for Reelmates features; they are part of the app and do not track you. Premium removes them.
        </p>
      </LegalSection>

      <LegalSection id="third-parties" title="Third-party services">
        <ul>
          <li>
            <strong>Stripe:</strong> when you subscribe to Premium or make a donation, you are sent to Stripe&apos;s hosted checkout page. That page is run by Stripe, which may set
            its own cookies there, for example to prevent fraud. Stripe&apos;s{' '}
            <a href="https://stripe.com/legal/cookies-policy" rel="noreferrer" target="_blank">
              cookie policy
            </a>{' '}
            applies on its pages. No Stripe script runs on Reelmates pages.
          </li>
          <li>
            <strong>TMDB:</strong> posters and images may be loaded from TMDB&apos;s servers, so your browser connects to them to fetch those images. We do not place TMDB cookies
            or scripts on our pages. <strong>This product uses the TMDB API but is not endorsed or certified by TMDB.</strong>
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="consent" title="Why there is no cookie banner">
        <p>
          Privacy laws such as the EU ePrivacy rules allow storage that is strictly necessary for a service you asked for without a consent banner. Everything Reelmates stores
          falls into that category, so we do not ask you to accept cookies. If we ever add anything that is not strictly necessary, we will ask for your consent first and update
          this page.
        </p>
      </LegalSection>

      <LegalSection id="managing" title="Managing or clearing storage">
        <p>
          You can delete cookies and local storage at any time in your browser settings. If you block or delete the session cookie, you will be signed out and will not be able to
          sign in until cookies are allowed again. Clearing local storage resets your theme to the system setting and forgets scroll positions; nothing else is lost, because your
          favorites, watchlist and settings are stored with your account.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Changes and contact">
        <p>
          If we change what we store, we will update this page and the date at the top. For how we handle personal data more generally, see our{' '}
          <Link to="/privacy">Privacy Policy</Link>. Questions? E-mail <a href="mailto:support@reelmates.app">support@reelmates.app</a> or use our{' '}
          <Link to="/contact">contact form</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
