import type { SessionUser } from '@shared/session';

/** The round header button's look, shared by the user menu and its stand-in while the menu's code loads. */
export const AVATAR_BUTTON_CLASS = 'relative flex size-9 items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary';

/** The user's initial, covered by their picture; a picture that fails to load (removed, offline) hides and shows it. */
export function AvatarFace({ user }: { user: SessionUser }) {
  return (
    <>
      {(user.fullName || user.username || 'User').charAt(0).toUpperCase()}
      {user.avatarUrl ? <img src={user.avatarUrl} alt="" className="absolute inset-0 size-full object-cover" onError={(e) => (e.currentTarget.hidden = true)} /> : null}
    </>
  );
}
