import type { ProfileView } from './profiles';
import type { SessionView } from './session';

/** The id of the `<script type="application/json">` a page's HTML may carry its first API answers in (ADR 076). */
export const BOOT_DATA_ID = 'boot-data';

/** Which profile a page shows: by id (/profile/{id}) or by name (the /{username} share link). */
export type BootProfileTarget = { id: string } | { username: string };

/**
 * What the server put into a profile page's HTML for this viewer: GET /api/session's answer and the
 * profile's (GET /api/profiles/...), exactly as those routes would have answered the same request.
 * No profile when the route would answer 404 (missing, banned, or an owner who blocked the viewer).
 */
export interface BootData {
  session: SessionView;
  profile?: { target: BootProfileTarget; view: ProfileView };
}
