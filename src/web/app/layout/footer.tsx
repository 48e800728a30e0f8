import { Monitor, Moon, Sun } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '@/lib/api';
import type { metaApi } from '@shared/api/meta';
import { routeRef } from '@shared/api/contract';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from '@/components/layout/brand-icons';
import { Logo } from '@/components/layout/logo';
import { type ThemeChoice, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const GROUPS = [
  {
    title: 'Product',
    links: [
      ['Discover', '/discover'],
      ['Matches', '/matches'],
      ['Advanced Discovery', '/advanced-discover'],
      ['Pricing', '/pricing'],
    ],
  },
  {
    title: 'Support',
    links: [
      ['Help Center', '/help-center'],
      ['Contact Us', '/contact'],
      ['Report a Bug', '/report-bug'],
      ['Feature Request', '/feature-request'],
      ['Support Reelmates', '/support'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Policy', '/cookies'],
      ['DMCA', '/dmca'],
    ],
  },
] as const;

const SOCIAL = [
  { label: 'Reelmates on Instagram', href: 'https://www.instagram.com/reelmates', icon: InstagramIcon },
  { label: 'Reelmates on X (Twitter)', href: 'https://x.com/reelmates', icon: XIcon },
  { label: 'Reelmates on Facebook', href: 'https://www.facebook.com/reelmates', icon: FacebookIcon },
  { label: 'Reelmates on YouTube', href: 'https://www.youtube.com/@reelmates', icon: YoutubeIcon },
];

const THEMES: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

function ThemeSwitch() {
  const { theme, setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label="Theme" className="inline-flex rounded-lg border p-1">
      {THEMES.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          onClick={() => setTheme(value)}
          className={cn(
            'flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium',
            theme === value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}

/** GET /api/meta by reference to its contract, keeping the schema library out of every page's first load (see features/auth/session.ts). */
const metaRoute = routeRef<typeof metaApi.meta>({ method: 'get', path: '/meta' });

/** Says, discreetly, which offline stand-ins are in use (decisions: offline defaults). */
function OfflineBadges() {
  const { data } = useQuery({ queryKey: ['meta'], queryFn: ({ signal }) => call(metaRoute, {}, { signal }), staleTime: Infinity });
  if (!data) return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {data.offline.catalogue ? (
        <span className="rounded border px-1.5 py-0.5" title="Titles come from the demo catalogue that ships with Reelmates">
          Demo catalogue
        </span>
      ) : null}
      {data.devMailbox ? (
        <Link to="/dev/mailbox" className="rounded border px-1.5 py-0.5 hover:text-foreground" title="Mails are kept in the dev mailbox instead of being sent">
          Dev mailbox
        </Link>
      ) : null}
    </span>
  );
}

export function Footer() {
  return (
    <footer className="mt-16 border-t bg-muted/40 pb-20 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-2">
          <Logo />
          <p className="max-w-sm text-sm text-muted-foreground">Find people who love the movies and shows you love.</p>
          <ul className="flex gap-2">
            {SOCIAL.map(({ label, href, icon: Icon }) => (
              <li key={href}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="flex size-9 items-center justify-center rounded-full border hover:bg-accent">
                  <Icon className="size-4" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
          <ThemeSwitch />
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map(([label, to]) => (
                <li key={to}>
                  <Link to={to} className="text-muted-foreground hover:text-foreground">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p className="flex flex-wrap items-center gap-3">
            {/* The server's year may differ from the browser's for a few hours at New Year (ADR 094). */}
            <span suppressHydrationWarning>© {new Date().getFullYear()} Reelmates. All rights reserved.</span>
            <OfflineBadges />
          </p>
          <p className="flex items-center gap-2">
            <span className="rounded bg-[#0d253f] px-1.5 py-0.5 font-bold text-[#01b4e4]">TMDB</span>
            This product uses the TMDB API but is not endorsed or certified by TMDB.
          </p>
        </div>
      </div>
    </footer>
  );
}
