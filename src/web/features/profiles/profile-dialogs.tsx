import type { ProfileView } from './api';
import { FollowListsDialog, type FollowTab } from './follow-lists-dialog';
import type { ProfileDialog } from './profile-actions';
import { displayName } from './profile-avatar';
import { ReportDialog } from './report-dialog';
import { ShareDialog } from './share-dialog';
import { SocialLinksDialog } from './social-links-dialog';

/**
 * The profile page's dialogs (share, social links, report, followers and following), a chunk of their
 * own: loaded when one is first opened, not before the page can paint (ADR 076).
 */
export default function ProfileDialogs({
  profile: p,
  dialog,
  close,
  signedIn,
  tab,
  onTabChange,
}: {
  profile: ProfileView;
  dialog: ProfileDialog | 'lists' | null;
  close: (open: boolean) => void;
  signedIn: boolean;
  tab: FollowTab;
  onTabChange: (tab: FollowTab) => void;
}) {
  const name = displayName(p);
  return (
    <>
      <ShareDialog open={dialog === 'share'} onOpenChange={close} username={p.username} name={name} />
      {p.isOwn ? <SocialLinksDialog open={dialog === 'social-links'} onOpenChange={close} links={p.socialLinks} /> : null}
      {signedIn && !p.isOwn ? <ReportDialog open={dialog === 'report'} onOpenChange={close} userId={p.id} name={name} /> : null}
      {signedIn ? <FollowListsDialog open={dialog === 'lists'} onOpenChange={close} userId={p.id} isOwn={p.isOwn} tab={tab} onTabChange={onTabChange} /> : null}
    </>
  );
}
