import { MEDIA_TYPES, type MediaType } from '@shared/catalogue';

/** Only movie or tv and a positive whole id are asked for; anything else is not found (spec 001 §5). */
export function parseDetailsParams(type: string | undefined, id: string | undefined): { type: MediaType; id: number } | null {
  if (!MEDIA_TYPES.includes(type as MediaType) || !id || !/^[1-9]\d{0,9}$/.test(id)) return null;
  return { type: type as MediaType, id: Number(id) };
}
