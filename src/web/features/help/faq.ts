export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** The help center's questions, grouped by topic. Ids are stable anchors (/help-center#id). */
export const FAQ_SECTIONS: { title: string; items: FaqItem[] }[] = [
  {
    title: 'Getting started',
    items: [
      {
        id: 'what-is-reelmates',
        question: 'What is Reelmates?',
        answer:
          'Reelmates is a social app for movie and TV fans. You keep your favorites and a watchlist, discover new titles, get matched with people who share your taste, and talk with them in messages and forums.',
      },
      {
        id: 'is-reelmates-free',
        question: 'Is Reelmates free?',
        answer:
          'Yes. Keeping favorites and a watchlist, 3 taste matches a day, messaging and the forums are all free. Premium is optional and adds extra features. You can also support a future Reelmates mobile app with a one-time donation.',
      },
      {
        id: 'add-favorites',
        question: 'How do favorites and the watchlist work?',
        answer:
          'Add a title to your favorites and rate it from 1 to 5 stars, or put it on your watchlist to save it for later. Your favorites are what we use to find your taste matches, so the more you add, the better your matches get.',
      },
      {
        id: 'verify-email',
        question: 'Why do I need to verify my e-mail address?',
        answer:
          'Verifying proves the address is yours, so we can send you password resets and the notifications you ask for. The first 1,000 verified accounts also become Founding Members with lifetime Premium.',
      },
      {
        id: 'where-title-data-comes-from',
        question: 'Where does the movie and TV information come from?',
        answer:
          'Titles, descriptions and posters come from TMDB (The Movie Database), or from an offline demo catalogue when TMDB is not available. This product uses the TMDB API but is not endorsed or certified by TMDB.',
      },
    ],
  },
  {
    title: 'Matches & discovery',
    items: [
      {
        id: 'how-matches-work',
        question: 'How are taste matches calculated?',
        answer:
          'Matches are computed from the favorites you share with other users: the more titles you both love, the stronger the match. Adding and rating more favorites gives us more to compare.',
      },
      {
        id: 'daily-match-limit',
        question: 'How many matches can I see?',
        answer: 'Free accounts see 3 matches a day. Premium gives you unlimited matches and lets you filter them by genre.',
      },
      {
        id: 'advanced-discovery',
        question: 'What is Advanced Discovery?',
        answer:
          'Advanced Discovery is a Premium feature that gives you more ways to find titles beyond the standard discovery pages. Everyone can discover and browse titles for free.',
      },
      {
        id: 'forums',
        question: 'How do the forums work?',
        answer: 'Every title and every genre has its own forum where fans talk about it. Everyone can join the conversation; starting a new thread is a Premium feature.',
      },
      {
        id: 'messaging',
        question: 'Is messaging limited?',
        answer: 'No. Messaging is unlimited for everyone, on the free plan and on Premium.',
      },
    ],
  },
  {
    title: 'Premium & billing',
    items: [
      {
        id: 'what-premium-includes',
        question: 'What do I get with Premium?',
        answer:
          'Unlimited matches, a genre filter on matches, Advanced Discovery, no house ads, the ability to start forum threads, and a profile boost. A boost makes your profile more prominent for 48 hours and can be used once every 7 days.',
      },
      {
        id: 'premium-price',
        question: 'How much does Premium cost?',
        answer: 'Premium costs 4.99 USD a month or 39.99 USD a year. Subscriptions renew automatically until you cancel.',
      },
      {
        id: 'free-trial',
        question: 'Is there a free trial?',
        answer: 'Yes. Each account can try Premium free for 7 days, once. If you cancel before the trial ends, you are not charged.',
      },
      {
        id: 'cancel-premium',
        question: 'How do I cancel Premium?',
        answer:
          'You can cancel at any time and keep Premium until the end of the period you already paid for; after that your account goes back to the free plan. If you need help, write to support@reelmates.app.',
      },
      {
        id: 'founding-members',
        question: 'What is a Founding Member?',
        answer:
          'The first 1,000 accounts to verify their e-mail address become Founding Members and get Premium for life at no charge. The status belongs to that account and cannot be transferred.',
      },
    ],
  },
  {
    title: 'Privacy & safety',
    items: [
      {
        id: 'private-account',
        question: 'Can I control who sees my profile and lists?',
        answer: 'Yes. In your settings you can make your whole account private, or hide your favorites, your watchlist or what you are currently watching, each on its own.',
      },
      {
        id: 'report-user',
        question: 'How do I report someone?',
        answer:
          'Report the user from the app and our admins will review it. Accounts that break our rules can be banned. For anything else that needs our attention, use the contact page at /contact.',
      },
      {
        id: 'payment-safety',
        question: 'Is my card information safe?',
        answer: "Payments go through Stripe's secure hosted checkout. Your card details are entered on Stripe's page and never reach Reelmates' servers.",
      },
      {
        id: 'cookies-and-tracking',
        question: 'Does Reelmates track me or show third-party ads?',
        answer:
          'No. We use one strictly necessary session cookie to keep you signed in, and your browser remembers your theme and scroll positions locally. There are no third-party trackers or ad scripts; the house ads free users see are our own promotions.',
      },
    ],
  },
  {
    title: 'Account',
    items: [
      {
        id: 'change-avatar',
        question: 'What kind of avatar can I upload?',
        answer: 'Avatars can be PNG or JPEG images up to 2 MB.',
      },
      {
        id: 'notification-settings',
        question: 'How do I control notifications?',
        answer: 'Choose how you want to be notified in your settings: none, popup, e-mail, or both. Account e-mails such as verification and password resets are always sent.',
      },
      {
        id: 'reset-password',
        question: 'I forgot my password. What do I do?',
        answer: 'Use the password reset option on the sign-in page and we will e-mail you a link to choose a new password. If the e-mail does not arrive, check your spam folder.',
      },
      {
        id: 'export-data',
        question: 'Can I download my data?',
        answer: 'Yes. You can export your favorites and watchlist as a JSON file from your account settings.',
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer:
          'Go to your account settings, choose to delete your account and type DELETE to confirm. This permanently removes your account and its data. If you have a Premium subscription, cancel it first so you are not charged again.',
      },
    ],
  },
];
