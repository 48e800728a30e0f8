import { Link } from 'react-router';
import { LegalLayout, LegalSection } from './legal-layout';

export default function DmcaPage() {
  return (
    <LegalLayout
      title="DMCA Policy"
      intro={
        <p>
          Reelmates respects the rights of creators. This page explains how to tell us about content on Reelmates that you believe infringes your copyright, and how users can
          respond, under the U.S. Digital Millennium Copyright Act (DMCA).
        </p>
      }
    >
      <LegalSection id="scope" title="What this policy covers">
        <p>
          This policy covers content that users upload or post on Reelmates: avatars, forum threads and replies, and messages. Reelmates does not host, stream or sell movies or TV
          shows.
        </p>
        <p>
          Title information, posters and images come from TMDB (The Movie Database). <strong>This product uses the TMDB API but is not endorsed or certified by TMDB.</strong> If
          your concern is about data or artwork supplied by TMDB, you can also contact{' '}
          <a href="https://www.themoviedb.org/" rel="noreferrer" target="_blank">
            TMDB
          </a>{' '}
          directly so it is corrected at the source.
        </p>
      </LegalSection>

      <LegalSection id="notice" title="Sending a takedown notice">
        <p>Your notice must be in writing and include all of the following:</p>
        <ul>
          <li>Your physical or electronic signature (typing your full legal name is enough).</li>
          <li>A description of the copyrighted work you believe has been infringed.</li>
          <li>Where the material is on Reelmates, with enough detail for us to find it, such as the link to the forum post or the username of the profile.</li>
          <li>Your name, postal address, telephone number and e-mail address.</li>
          <li>A statement that you have a good-faith belief that the use is not authorized by the copyright owner, its agent, or the law.</li>
          <li>
            A statement that the information in your notice is accurate and, under penalty of perjury, that you are the copyright owner or authorized to act on the owner&apos;s
            behalf.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="agent" title="Our designated agent">
        <p>
          Send notices and counter-notices to our DMCA agent at <a href="mailto:dmca@reelmates.app">dmca@reelmates.app</a>, with &quot;DMCA Notice&quot; or &quot;DMCA
          Counter-Notice&quot; in the subject line. Notices that are missing required information may not be acted on, and we may ask you to complete them.
        </p>
      </LegalSection>

      <LegalSection id="what-happens" title="What happens after a valid notice">
        <p>
          When we receive a complete notice, we remove or disable access to the material promptly. We then tell the user who posted it, and pass on a copy of the notice, which may
          include your name and contact details, so they can respond.
        </p>
      </LegalSection>

      <LegalSection id="counter-notice" title="Sending a counter-notice">
        <p>
          If your content was removed and you believe it was a mistake or misidentification, you can send a counter-notice to{' '}
          <a href="mailto:dmca@reelmates.app">dmca@reelmates.app</a>. It must include:
        </p>
        <ul>
          <li>Your physical or electronic signature.</li>
          <li>A description of the material that was removed and where it appeared before removal.</li>
          <li>A statement, under penalty of perjury, that you have a good-faith belief the material was removed as a result of a mistake or misidentification.</li>
          <li>Your name, postal address and telephone number.</li>
          <li>
            A statement that you consent to the jurisdiction of the U.S. federal district court for the district where your address is (or, if you live outside the United States,
            any judicial district in which Reelmates may be found), and that you will accept service of process from the person who sent the original notice or their agent.
          </li>
        </ul>
        <p>
          After a valid counter-notice, we send a copy to the person who filed the original notice. Unless they tell us within 10 business days that they have filed a court action
          to stop the infringement, we restore the material within 10 to 14 business days of receiving the counter-notice.
        </p>
      </LegalSection>

      <LegalSection id="repeat-infringers" title="Repeat infringers">
        <p>
          We ban the accounts of users who repeatedly infringe copyright, in line with our <Link to="/terms">Terms of Service</Link>.
        </p>
      </LegalSection>

      <LegalSection id="misrepresentation" title="False claims">
        <p>
          Under the DMCA, anyone who knowingly misrepresents that material is infringing, or that it was removed by mistake, may be liable for damages. Before sending a notice,
          consider whether the use could be fair use, such as a short quote in a review or discussion. If you are unsure, please ask a lawyer.
        </p>
      </LegalSection>

      <LegalSection id="other-issues" title="Other problems">
        <p>
          This process is only for copyright. For harassment, spam or other rule-breaking, report the user in the app so our admins can review it. For anything else, use our{' '}
          <Link to="/contact">contact form</Link> or write to <a href="mailto:support@reelmates.app">support@reelmates.app</a>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
