import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** Unread and other badges show 99+ past 99. */
export function capCount(n: number, cap = 99): string {
  return n > cap ? `${cap}+` : String(n);
}
