import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { FOUNDING_MEMBER_LIMIT as FOUNDING_LIMIT } from '@shared/pricing';
import { useOverview } from './api';
import { AuditPanel } from './audit-panel';
import { DonationsPanel } from './donations-panel';
import { EmailBlockForm } from './email-block-form';
import { PostReportsPanel } from './post-reports-panel';
import { SupportPanel } from './support-panel';
import { UserReportsPanel } from './user-reports-panel';
import { UsersPanel } from './users-panel';

type Panel = 'reports' | 'posts' | 'users' | 'support' | 'donations' | 'audit';
const cap = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * Admin Controls in /settings (spec 000 §2, §6): badges for open reports and total users, the
 * founding display, and the panels. Shown to admins only; the server refuses everyone else.
 */
export function AdminControls({ myId }: { myId: string }) {
  const [panel, setPanel] = useState<Panel>('reports');
  const overview = useOverview();
  const o = overview.data;
  const count = (n: number | undefined) => (n ? <span className="ml-1.5 rounded-full bg-destructive px-1.5 text-xs text-destructive-foreground">{cap(n)}</span> : null);
  return (
    <Card className="border-primary/40" id="admin">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden /> Admin Controls
          {o ? (
            <>
              <Badge aria-label={`${o.openReports} open reports`}>{cap(o.openReports)} open reports</Badge>
              <Badge variant="secondary" aria-label={`${o.totalUsers} total users`}>
                {o.totalUsers.toLocaleString()} users
              </Badge>
            </>
          ) : null}
        </CardTitle>
        {/* Spec 000 §9: count/1000 and spots remaining, while members exist and users are at most 1,000. */}
        {o && o.foundingMembers > 0 && o.totalUsers <= FOUNDING_LIMIT ? (
          <CardDescription>
            Founding members: {o.foundingMembers}/{FOUNDING_LIMIT} · {FOUNDING_LIMIT - o.foundingMembers} spots remaining
          </CardDescription>
        ) : (
          <CardDescription>Moderate reports, manage users, read support messages and see donations.</CardDescription>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <SegmentedControl
          label="Admin panel"
          // Six panels do not fit a phone's width: they wrap rather than hide behind a scroll.
          className="flex-wrap"
          value={panel}
          onValueChange={setPanel}
          options={[
            { value: 'reports', label: <>User reports{count(o?.openReports)}</> },
            { value: 'posts', label: <>Post reports{count(o?.openPostReports)}</> },
            { value: 'users', label: 'Users' },
            { value: 'support', label: <>Support{count(o?.openSupportMessages)}</> },
            { value: 'donations', label: 'Donations' },
            { value: 'audit', label: 'Audit log' },
          ]}
        />
        {panel === 'reports' ? <UserReportsPanel /> : null}
        {panel === 'posts' ? <PostReportsPanel /> : null}
        {panel === 'users' ? (
          <div className="space-y-4">
            <EmailBlockForm />
            <UsersPanel myId={myId} />
          </div>
        ) : null}
        {panel === 'support' ? <SupportPanel /> : null}
        {panel === 'donations' ? <DonationsPanel /> : null}
        {panel === 'audit' ? <AuditPanel /> : null}
      </CardContent>
    </Card>
  );
}
