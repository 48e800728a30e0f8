import type { ComponentType, SVGProps } from 'react';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TiktokIcon, XIcon, YoutubeIcon } from '@/components/layout/brand-icons';
import type { SocialLinks } from '@shared/profiles';
import { displayableLink, SOCIAL_LINK_KEYS, SOCIAL_LINK_LABELS, type SocialLinkKey } from '@shared/social';

export const SOCIAL_ICONS: Record<SocialLinkKey, ComponentType<SVGProps<SVGSVGElement>>> = {
  instagramUrl: InstagramIcon,
  facebookUrl: FacebookIcon,
  youtubeUrl: YoutubeIcon,
  tiktokUrl: TiktokIcon,
  twitterUrl: XIcon,
  linkedinUrl: LinkedinIcon,
};

/** The profile's social links as icons; https:// is added where missing and only http(s) is rendered (ruling 11). */
export function SocialLinkIcons({ links }: { links: SocialLinks }) {
  const shown = SOCIAL_LINK_KEYS.map((key) => ({ key, href: displayableLink(links[key]) })).filter((l): l is { key: SocialLinkKey; href: string } => !!l.href);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Social links" className="flex flex-wrap items-center gap-1">
      {shown.map(({ key, href }) => {
        const Icon = SOCIAL_ICONS[key];
        return (
          <li key={key}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              aria-label={SOCIAL_LINK_LABELS[key]}
              title={SOCIAL_LINK_LABELS[key]}
              className="flex size-9 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Icon className="size-5" aria-hidden />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
