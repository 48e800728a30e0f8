/** The words the demo community is made of (decision 040): names, bios and the lines people write. */

export const FIRST_NAMES = [
  'Maya',
  'Leo',
  'Amara',
  'Jonas',
  'Priya',
  'Mateo',
  'Sofia',
  'Kenji',
  'Nadia',
  'Oscar',
  'Hana',
  'Diego',
  'Ingrid',
  'Tomás',
  'Aisha',
  'Felix',
  'Lucia',
  'Rafael',
  'Yara',
  'Elliot',
  'Chloe',
  'Mohammed',
  'Freya',
  'Kwame',
  'Ines',
  'Arjun',
  'Zoe',
  'Luca',
  'Mei',
  'Samuel',
  'Noor',
  'Hugo',
  'Clara',
  'Tariq',
  'Elena',
  'Ravi',
  'Astrid',
  'Malik',
  'Julia',
  'Bruno',
];

export const LAST_NAMES = [
  'Chen',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Haddad',
  'Novak',
  'Rossi',
  'Tanaka',
  'Mensah',
  'Silva',
  'Kowalski',
  'Nguyen',
  'Fischer',
  'Patel',
  'Andersen',
  'Costa',
  'Ibrahim',
  'Murphy',
  'Kim',
  'Alvarez',
  'Dubois',
  'Sato',
  'Walsh',
  'Berg',
  'Reyes',
  'Yilmaz',
  'Okoye',
  'Larsen',
  'Marino',
  'Shah',
];

/** Taste clusters: a name for bios and the genres that define them (the first ones weigh most). */
export const CLUSTERS = [
  { name: 'crime and slow-burn thrillers', genres: ['Crime', 'Thriller', 'Mystery'] },
  { name: 'science fiction and fantasy', genres: ['Science Fiction', 'Sci-Fi & Fantasy', 'Fantasy', 'Adventure'] },
  { name: 'animation and family nights', genres: ['Animation', 'Family', 'Kids'] },
  { name: 'big dramas and history', genres: ['Drama', 'History', 'War', 'War & Politics'] },
  { name: 'comedies and romance', genres: ['Comedy', 'Romance'] },
  { name: 'horror and the uncanny', genres: ['Horror', 'Mystery', 'Thriller'] },
] as const;

export const BIO_OPENERS = [
  'Film nerd by night, {job} by day.',
  'Rewatching favorites more than I should.',
  'I keep a spreadsheet of everything I watch.',
  'Sunday double features are my religion.',
  'Here to find my next obsession.',
  'Always one episode away from bedtime.',
  'Cinema club organiser, popcorn purist.',
  'Soundtracks on repeat, subtitles always on.',
];
export const JOBS = ['nurse', 'teacher', 'developer', 'barista', 'architect', 'student', 'chef', 'designer', 'librarian', 'engineer', 'photographer', 'paramedic'];
export const BIO_TASTES = ['Mostly into {cluster}.', 'Weak spot for {cluster}.', 'Ask me about {cluster}.', 'Give me {cluster} any day.'];

export const THREAD_TITLES = [
  'Is {title} as good as everyone says?',
  'The ending of {title}, explained (spoilers)',
  'Underrated moments in {title}',
  'Rewatching {title}: what I noticed this time',
  'Best scene in {title}?',
  '{title}: overrated or a masterpiece?',
];
export const GENRE_THREAD_TITLES = ['Your top five {genre} picks of all time', 'A {genre} title for a first-timer?', 'Hidden gems in {genre}', 'What makes {genre} work for you?'];
export const THREAD_BODIES = [
  'I finally got around to it last weekend and I have thoughts. Curious what everyone else thinks.',
  'Started a rewatch and noticed so many details I missed the first time. Which ones did you catch?',
  'Trying to convince a friend to watch it. Give me your best argument.',
  'I keep going back and forth on this one. Let us settle it.',
];
export const REPLIES = [
  'Completely agree, it stuck with me for days.',
  'Hot take: the second half is stronger than the first.',
  'The score alone makes it worth it.',
  'I liked it, but the pacing lost me in the middle.',
  'Watched it twice in a week. No regrets.',
  'Adding this to my watchlist right now.',
  'That final shot! Still thinking about it.',
  'Not for me, but I see why people love it.',
  'The cast carries it. Every single performance lands.',
  'If you liked this, try something darker from the same director.',
];
export const MESSAGES = [
  'Hey! Saw we share a lot of favorites.',
  'Have you seen {title} yet?',
  'You have to watch {title}, trust me.',
  'Just finished it. Wow.',
  'Haha, same. Best one of the year for me.',
  'Any recommendations for this weekend?',
  'Adding it to my watchlist.',
  'We should start a watch party sometime.',
];
export const REPORT_REASONS = ['Spam in messages', 'Fake profile', 'Rude replies in the forums'];
