import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label="Reelmates home">
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden>
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <circle cx="22" cy="26" r="9" fill="#fff" />
        <circle cx="42" cy="26" r="9" fill="#fff" />
        <rect x="12" y="38" width="40" height="14" rx="4" fill="#fff" />
      </svg>
      <span className="text-lg">Reelmates</span>
    </Link>
  );
}
