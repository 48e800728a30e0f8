import { type ParentalGuideItem, type Severity, WARNING_CATEGORIES, type WarningCategory } from './catalogue';

/** The parental guide of a title (spec 000 §3): warnings from its US certification and its TMDB keywords. */

const SEVERITY_BY_CERTIFICATION: Record<string, Severity> = {
  G: 'mild',
  'TV-Y': 'mild',
  'TV-Y7': 'mild',
  'TV-G': 'mild',
  PG: 'moderate',
  'TV-PG': 'moderate',
  'PG-13': 'moderate',
  'TV-14': 'moderate',
  R: 'severe',
  'NC-17': 'severe',
  'TV-MA': 'severe',
};
/** null for NR and unknown ratings. */
export const severityFor = (certification: string | null): Severity | null => (certification ? (SEVERITY_BY_CERTIFICATION[certification] ?? null) : null);

// Words matched against whole words of TMDB keywords ("drug dealer" matches "drug").
const CATEGORY_WORDS: Record<WarningCategory, string[]> = {
  'Violence & Gore': [
    'violence',
    'violent',
    'gore',
    'gory',
    'blood',
    'bloody',
    'murder',
    'gun',
    'guns',
    'torture',
    'killing',
    'killer',
    'massacre',
    'war',
    'battle',
    'shootout',
    'fight',
    'brutality',
    'slasher',
    'decapitation',
    'stabbing',
    'assassin',
  ],
  'Sexual Content': ['sex', 'sexual', 'sexuality', 'nudity', 'nude', 'erotic', 'prostitution', 'prostitute', 'rape', 'seduction', 'striptease', 'affair'],
  Language: ['profanity', 'swearing', 'obscenity', 'vulgarity', 'cursing'],
  'Substance Use': ['drugs', 'drug', 'alcohol', 'alcoholism', 'alcoholic', 'smoking', 'cocaine', 'heroin', 'addiction', 'drunk', 'marijuana', 'meth', 'overdose', 'drinking'],
  'Frightening Content': [
    'horror',
    'monster',
    'ghost',
    'supernatural',
    'demon',
    'zombie',
    'vampire',
    'possession',
    'haunting',
    'haunted',
    'creature',
    'curse',
    'witch',
    'nightmare',
    'terror',
    'slasher',
    'serial',
  ],
};

const DESCRIPTIONS: Record<WarningCategory, Record<Severity, string>> = {
  'Violence & Gore': { mild: 'Mild, non-graphic violence.', moderate: 'Violence that can be intense at times.', severe: 'Strong, graphic violence and gore.' },
  'Sexual Content': { mild: 'Brief romantic or suggestive moments.', moderate: 'Sexual references and suggestive scenes.', severe: 'Explicit sexual content or nudity.' },
  Language: { mild: 'Occasional mild language.', moderate: 'Some strong language.', severe: 'Frequent strong language.' },
  'Substance Use': { mild: 'Brief references to alcohol or smoking.', moderate: 'Drinking, smoking or drug use is shown.', severe: 'Prominent drug or alcohol use.' },
  'Frightening Content': { mild: 'Some mildly scary moments.', moderate: 'Frightening and intense scenes.', severe: 'Disturbing, terrifying imagery.' },
};

const ALWAYS_LANGUAGE = new Set(['R', 'NC-17', 'TV-MA']);

/** Warnings from the US certification and the title's keywords; severity follows the certification. */
export function parentalGuide(certification: string | null, keywords: readonly string[]): ParentalGuideItem[] {
  const severity = severityFor(certification) ?? 'moderate';
  const words = keywords.map((k) => ({ keyword: k, words: new Set(k.toLowerCase().split(/[^a-z0-9]+/)) }));
  const items: ParentalGuideItem[] = [];
  for (const category of WARNING_CATEGORIES) {
    const matched = words.filter((k) => CATEGORY_WORDS[category].some((w) => k.words.has(w))).map((k) => k.keyword);
    const forced = category === 'Language' && certification !== null && ALWAYS_LANGUAGE.has(certification);
    if (!matched.length && !forced) continue;
    const note = matched.length ? ` Keywords: ${matched.join(', ')}.` : ` Expected for a ${certification} rating.`;
    items.push({ category, severity, description: DESCRIPTIONS[category][severity] + note });
  }
  return items;
}
