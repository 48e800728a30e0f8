import { type ImgHTMLAttributes, type ReactNode, useState } from 'react';

/**
 * An image that gives way to `fallback` when there is none or it fails to load (TMDB's image host
 * unreachable, a logo removed upstream), so a page never shows the browser's broken-image icon.
 * The failure is remembered per src: a new src gets its own try.
 */
export function FallbackImage({ src, fallback, ...img }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string | null; fallback: ReactNode }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return <img src={src} {...img} onError={() => setFailedSrc(src)} />;
}
